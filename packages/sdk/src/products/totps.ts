import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createTotps(_ctx: ClientContext) {
  return {};
}
