import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createUser(_ctx: ClientContext) {
  return {};
}
