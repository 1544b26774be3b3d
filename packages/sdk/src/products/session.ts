import type { AuthenticateResponse } from '../contract/common';
import type { ClientContext } from '../internal/context';

// STUB — replaced by the real session namespace.
export function createSessionNamespace(ctx: ClientContext) {
  return {
    authenticate(options: { session_duration_minutes?: number } = {}) {
      return ctx.call<AuthenticateResponse>({
        method: 'POST',
        path: '/sessions/authenticate',
        body: options,
        updatesSession: true,
        user: 'optional',
      });
    },
  };
}
