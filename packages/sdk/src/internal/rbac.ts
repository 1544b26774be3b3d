import type { RbacPolicy } from '../contract/common';
import { validate } from '../validation';
import type { CoreContext } from './context';

/** What `rbac.allPermissions()` returns: for each resource of the policy, each of its actions → allowed. */
export type PermissionsMap = Record<string, Record<string, boolean>>;

/** Logged (once per client) when a check runs without an RBAC policy. */
export const RBAC_POLICY_UNAVAILABLE_MESSAGE =
  'Unable to retrieve RBAC policy from servers. Assuming caller has no permissions.';

/** Whether any of `roles` has a permission on `resourceId` listing `action` or the wildcard `*`. */
export function isAuthorizedByPolicy(
  policy: RbacPolicy,
  roles: readonly string[],
  resourceId: string,
  action: string,
): boolean {
  return policy.roles.some(
    (role) =>
      roles.includes(role.role_id) &&
      role.permissions.some(
        (permission) =>
          permission.resource_id === resourceId &&
          (permission.actions.includes(action) || permission.actions.includes('*')),
      ),
  );
}

/** Every resource and action of the policy, each mapped to whether `roles` allow it. */
export function permissionsByPolicy(policy: RbacPolicy, roles: readonly string[]): PermissionsMap {
  const result: PermissionsMap = {};
  for (const resource of policy.resources) {
    const actions: Record<string, boolean> = {};
    for (const action of resource.actions) {
      actions[action] = isAuthorizedByPolicy(policy, roles, resource.resource_id, action);
    }
    result[resource.resource_id] = actions;
  }
  return result;
}

/** `client.rbac`: local checks of the signed-in user's roles against the project's RBAC policy (from bootstrap). */
export function createRbac(ctx: Pick<CoreContext, 'environment' | 'session' | 'bootstrap'>) {
  let hasLoggedMissingPolicy = false;

  function usable(policy: RbacPolicy | null): policy is RbacPolicy {
    if (policy) return true;
    // Once per client: a project without a policy would otherwise log on every render of a guarded view.
    if (!hasLoggedMissingPolicy) {
      hasLoggedMissingPolicy = true;
      ctx.environment.logger.error(RBAC_POLICY_UNAVAILABLE_MESSAGE);
    }
    return false;
  }

  function roles(): string[] {
    return ctx.session.getSnapshot().user?.roles ?? [];
  }

  function check(method: string, resourceId: string, action: string, policy: RbacPolicy | null): boolean {
    validate(method).isString('resource_id', resourceId).isString('action', action);
    return usable(policy) && isAuthorizedByPolicy(policy, roles(), resourceId, action);
  }

  return {
    /** Whether the signed-in user may perform `action` on `resourceId`, from the settings known now. */
    isAuthorizedSync(resourceId: string, action: string): boolean {
      return check('rbac.isAuthorizedSync', resourceId, action, ctx.bootstrap.getSync().rbacPolicy);
    },

    /** Same as `isAuthorizedSync`, once the project's settings have loaded (or their time-out has passed). */
    async isAuthorized(resourceId: string, action: string): Promise<boolean> {
      validate('rbac.isAuthorized').isString('resource_id', resourceId).isString('action', action);
      const { rbacPolicy } = await ctx.bootstrap.getAsync();
      return check('rbac.isAuthorized', resourceId, action, rbacPolicy);
    },

    /** Every resource and action of the policy mapped to whether the signed-in user may perform it, from the settings known now. */
    allPermissionsSync(): PermissionsMap {
      const { rbacPolicy } = ctx.bootstrap.getSync();
      return usable(rbacPolicy) ? permissionsByPolicy(rbacPolicy, roles()) : {};
    },

    /** Every resource and action of the policy mapped to whether the signed-in user may perform it. */
    async allPermissions(): Promise<PermissionsMap> {
      const { rbacPolicy } = await ctx.bootstrap.getAsync();
      return usable(rbacPolicy) ? permissionsByPolicy(rbacPolicy, roles()) : {};
    },
  };
}
