import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createIdp(_ctx: ClientContext) {
  return {};
}
