// Which requested scopes a user may grant a client: a signed-in user may grant or deny an app access only to the
// scopes grantable for them; the ungrantable ones are listed and cannot be granted.
import type { IdpScopeResult } from '@latchkey/sdk/contract';
import type { ProjectConfig } from '../../../config';
import { STANDARD_IDP_SCOPES } from '../config';

/** The role every user holds without it being listed in `users.roles` (the RBAC policy may give it permissions). */
export const IMPLICIT_USER_ROLE = 'stytch_user';

const STANDARD = new Set<string>(STANDARD_IDP_SCOPES);

type Policy = NonNullable<ProjectConfig['rbacPolicy']>;

/**
 * Whether `roles` hold `action` on `resourceId`: one of the roles has a permission on the resource whose actions are
 * the action itself or the wildcard `*` (the SDK's RBAC check).
 */
function rolesHold(policy: Policy, roles: ReadonlySet<string>, resourceId: string, action: string): boolean {
  return policy.roles.some(
    (role) =>
      roles.has(role.role_id) &&
      role.permissions.some(
        (permission) =>
          permission.resource_id === resourceId &&
          (permission.actions.includes(action) || permission.actions.includes('*')),
      ),
  );
}

/**
 * One result per requested scope (the answer's `scope_results`):
 * - a standard scope (openid profile email phone offline_access full_access) is grantable by every user;
 * - a scope of `rbacPolicy.scopes` is grantable iff the user's roles (their `roles` plus the implicit `stytch_user`)
 *   hold every action of every permission it lists; its description is the policy's;
 * - any other scope the client may request is grantable (the project attached no permission to it).
 * A policy scope that lists `*` as an action needs a role holding `*` on that resource.
 */
export function scopeResults(project: ProjectConfig, userRoles: readonly string[], scopes: string[]): IdpScopeResult[] {
  const policy = project.rbacPolicy;
  const roles = new Set([...userRoles, IMPLICIT_USER_ROLE]);
  return scopes.map((scope) => {
    const entry = STANDARD.has(scope) ? undefined : policy?.scopes.find((item) => item.scope === scope);
    if (!policy || !entry) return { scope, is_grantable: true, description: '' };
    const grantable = entry.permissions.every((permission) =>
      permission.actions.every((action) => rolesHold(policy, roles, permission.resource_id, action)),
    );
    return { scope, is_grantable: grantable, description: entry.description };
  });
}
