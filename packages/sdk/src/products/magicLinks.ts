import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createMagicLinks(_ctx: ClientContext) {
  return {};
}
