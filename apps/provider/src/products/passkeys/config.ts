// The passkeys' configuration section (`project.webauthn`), declared by their descriptor (products/passkeys/descriptor.ts)
// and merged into the project's by config.ts.
import { z } from 'zod';
import { rateWindow } from '../../configFields';

const webauthnConfig = z.strictObject({
  /**
   * The relying-party ids a passkey may be registered for and used with (the `domain` a call names), each a
   * host name such as `example.com`; null: the host names of `allowedOrigins` that are not IP addresses.
   */
  relyingPartyIds: z
    .array(
      z.string().regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
        message: 'must be a lower-case host name such as example.com (no scheme, port or path)',
      }),
    )
    .nullable()
    .default(null),
  /** The page origins a ceremony may come from (`clientDataJSON.origin`); null: `allowedOrigins`. */
  origins: z
    .array(
      z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, {
        message: 'must be an origin such as https://example.com (scheme, host and port; no path, no trailing slash)',
      }),
    )
    .nullable()
    .default(null),
});

/** `project.webauthn`: passkeys and security keys, where they may be registered and used (null: derived from `allowedOrigins`). */
export const passkeysProjectConfig = { webauthn: webauthnConfig.default({ relyingPartyIds: null, origins: null }) };

/** Its entry of `rateLimits`. */
export const passkeysRateLimits = {
  /** Passkey sign-in challenges (`webauthn/authenticate/start/primary`), which need no session. */
  webauthnChallengesPerIp: rateWindow.default({ limit: 60, windowSeconds: 60 }),
};
