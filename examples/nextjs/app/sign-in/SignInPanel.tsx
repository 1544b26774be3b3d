'use client';
import type { SignInConfig } from '@latchkey/hooks';
import { SignIn } from '@latchkey/ui-default';
import { useEffect } from 'react';
import { useLatchkeyClient } from '../../lib/client';

/** Email passcodes only: the kit asks for an address, then for the six digits the email carries. */
const CONFIG: SignInConfig = {
  products: ['otp'],
  otpOptions: { methods: ['email'], expirationMinutes: 5 },
  sessionOptions: { sessionDurationMinutes: 60 },
};

/**
 * The kit, rendered on the server (the email field is in the first HTML) and hydrated in the browser, with the
 * layout's client. Once the provider confirms a session (a sign-in here, or a session this browser already had),
 * the SDK has written its cookies, so the server sees them: go on to `next` (replacing the sign-in page in the
 * history).
 */
export function SignInPanel({ next }: { next: string }) {
  const client = useLatchkeyClient();

  useEffect(() => {
    const goOnWhenSignedIn = () => {
      // `fromCache`: a session remembered from an earlier visit, not yet confirmed; wait for the provider's word.
      const { session, fromCache } = client.session.getSnapshot();
      // A document navigation, not router.replace: the router's cache may hold `next` as rendered for the
      // signed-out visitor (a prefetch the proxy redirected here), and the new cookies must reach the server.
      if (session && !fromCache) window.location.replace(next);
    };
    goOnWhenSignedIn();
    return client.session.subscribe(goOnWhenSignedIn);
  }, [client, next]);

  return <SignIn config={CONFIG} />;
}
