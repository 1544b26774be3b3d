import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createOAuth(_ctx: ClientContext) {
  return {};
}
