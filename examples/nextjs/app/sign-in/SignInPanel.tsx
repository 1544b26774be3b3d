'use client';
import { LatchkeyProvider, type SignInConfig } from '@latchkey/hooks';
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
 * The kit, rendered in the browser only (the SDK's client cannot be made on the server). Once the provider
 * confirms a session (a sign-in here, or a session this browser already had), the SDK has written its cookies,
 * so the server sees them: go on to `next` (replacing the sign-in page in the history).
 */
export function SignInPanel({ next }: { next: string }) {
  const client = useLatchkeyClient();

  useEffect(() => {
    if (!client) return;
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

  if (!client) return <div className="widget-placeholder" />;
  return (
    <LatchkeyProvider client={client}>
      <SignIn config={CONFIG} />
    </LatchkeyProvider>
  );
}
