// Chromium's virtual authenticator (DevTools protocol, `WebAuthn` domain) for the passkey browser tests: a platform
// authenticator (internal transport) with resident keys and user verification that approves every prompt, so
// the page runs real WebAuthn ceremonies (real keys, real signatures the provider verifies) without a person.
// Good to know: with a credential for the site on it, a conditional-mediation request (passkey autofill) resolves
// at once, as if the user had picked the passkey from the email field's autofill list.
// Without one, it rejects the conditional request at once (NotAllowedError), where a real browser would wait.
import type { CDPSession, Page } from 'playwright-core';

/** One credential the virtual authenticator holds. */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  signCount: number;
  userHandle?: string;
}

/** A virtual authenticator attached to one page (tab); it survives navigations within that page. */
export interface VirtualAuthenticator {
  id: string;
  /** The credentials it holds now. */
  credentials(): Promise<VirtualCredential[]>;
  cdp: CDPSession;
}

/** Attaches a new virtual authenticator (ctap2, internal, resident keys, user verification) to `page`. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    cdp,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
  };
}
