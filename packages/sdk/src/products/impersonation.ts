import type { ClientContext } from '../internal/context';

// STUB — replaced by the real namespace.
export function createImpersonation(_ctx: ClientContext) {
  return {};
}
