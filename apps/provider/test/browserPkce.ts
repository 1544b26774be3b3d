// The PKCE pair "the test's browser" holds. The provider binds every token that ends a redirect flow in the app
// (magic links, password resets, social sign-in, One Tap) to the browser that started it, by default: the start
// must carry a challenge and the redemption its verifier, as the SDK sends them. Tests that drive those flows over
// raw HTTP send this pair by default; tests of the binding itself make pairs of their own (oauthSteps' pkcePair).
import { createHash } from 'node:crypto';

/** 43 unreserved characters (RFC 7636 §4.1), fixed so a failing test is easy to read. */
const verifier = 'test-browser-verifier-0123456789abcdefghijk';

export const BROWSER_PKCE = {
  verifier,
  challenge: createHash('sha256').update(verifier).digest('base64url'),
} as const;
