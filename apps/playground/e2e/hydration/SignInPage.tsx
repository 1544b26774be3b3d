// The tree the server renders (render.tsx) and the browser hydrates (client.tsx): the same on both sides.
import { LatchkeyProvider } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import { SignIn } from '@latchkey/ui-default';

/** Email passcodes, as the playground's `/?products=otp&methods=email`. */
export const CONFIG = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };
export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
export const API_BASE_URL = 'http://localhost:8787';

export function SignInPage({ client }: { client: LatchkeyClient }) {
  return (
    <LatchkeyProvider client={client}>
      <main>
        <SignIn config={CONFIG} />
      </main>
    </LatchkeyProvider>
  );
}
