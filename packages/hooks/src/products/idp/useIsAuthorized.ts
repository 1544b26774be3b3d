import { useEffect, useMemo, useState } from 'react';
import { useBootstrap, useLatchkeyClient } from '../../latchkeyContext';
import { useSession } from '../../useSession';

/** What `useIsAuthorized` returns. */
export interface UseIsAuthorizedReturn {
  /** Whether one of the signed-in user's roles allows `action` on the resource (false when signed out). */
  isAuthorized: boolean;
  /** The answer comes from the settings known now and waits for the project's settings to load. */
  fetching: boolean;
}

/**
 * Whether the signed-in user may perform `action` on `resourceId` under the project's RBAC policy: one of
 * the user's roles has a permission on the resource whose actions list the action or `*`. Answers at once from the
 * settings known now (`client.rbac.isAuthorizedSync`), then from the loaded settings (`client.rbac.isAuthorized`);
 * checks again when the user's roles or the policy change. Without a policy the answer is false (the client logs
 * why, once).
 */
export function useIsAuthorized(resourceId: string, action: string): UseIsAuthorizedReturn {
  const client = useLatchkeyClient();
  // One string: the roles array is a new object on every user change, the roles themselves rarely are.
  const roles = useSession((snapshot) => (snapshot.user?.roles ?? []).join('\n'));
  const { rbacPolicy } = useBootstrap();
  // Everything the answer depends on; an async answer counts only for the inputs it was asked with.
  const inputs = useMemo(() => ({ resourceId, action, roles, rbacPolicy }), [resourceId, action, roles, rbacPolicy]);
  const known = useMemo(() => client.rbac.isAuthorizedSync(inputs.resourceId, inputs.action), [client, inputs]);
  const [answer, setAnswer] = useState<{ inputs: typeof inputs; isAuthorized: boolean } | null>(null);

  useEffect(() => {
    let current = true;
    void client.rbac.isAuthorized(inputs.resourceId, inputs.action).then(
      (isAuthorized) => {
        if (current) setAnswer({ inputs, isAuthorized });
      },
      () => {
        if (current) setAnswer({ inputs, isAuthorized: false });
      },
    );
    return () => {
      current = false;
    };
  }, [client, inputs]);

  const settled = answer !== null && answer.inputs === inputs;
  return { isAuthorized: settled ? answer.isAuthorized : known, fetching: !settled };
}
