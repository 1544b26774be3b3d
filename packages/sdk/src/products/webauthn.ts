import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createWebAuthn(_ctx: ClientContext) {
  return {};
}
