import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createPasswords(_ctx: ClientContext) {
  return {};
}
