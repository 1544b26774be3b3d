import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createUsers(_ctx: ClientContext) {
  return {};
}
