// The tree the server renders (render.tsx) and the browser hydrates (client.tsx): the same on both sides, with
// either kit (`/hydration?kit=unstyled` for the unstyled one).
import { LatchkeyProvider } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import { SignIn as DefaultSignIn, preloadSignIn as preloadDefault } from '@latchkey/ui-default';
import { preloadSignIn as preloadUnstyled, SignIn as UnstyledSignIn } from '@latchkey/ui-unstyled';

/** Email passcodes, as the playground's `/?products=otp&methods=email`. */
export const CONFIG = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };
export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
export const API_BASE_URL = 'http://localhost:8787';

export type Kit = 'default' | 'unstyled';

export const KITS = {
  default: { SignIn: DefaultSignIn, preload: preloadDefault },
  unstyled: { SignIn: UnstyledSignIn, preload: preloadUnstyled },
} as const;

export function kitOf(search: string): Kit {
  return new URLSearchParams(search).get('kit') === 'unstyled' ? 'unstyled' : 'default';
}

export function SignInPage({ client, kit }: { client: LatchkeyClient; kit: Kit }) {
  const { SignIn } = KITS[kit];
  return (
    <LatchkeyProvider client={client}>
      <main>
        <SignIn config={CONFIG} />
      </main>
    </LatchkeyProvider>
  );
}
