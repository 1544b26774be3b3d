import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createOtps(_ctx: ClientContext) {
  return {};
}
