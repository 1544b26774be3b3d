import type { ClientContext } from './context';

// STUB — replaced by the real RBAC checks.
export function createRbac(_ctx: ClientContext) {
  return {};
}
