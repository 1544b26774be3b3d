import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { ProviderEnv } from '../../../http/context';
import { readBody } from '../../../http/context';
import { ProviderError, SchemaError } from '../../../http/errors';
import { isDevelopmentRequest } from '../../../routes/devInbox';
import { gsiClientScript } from './gsiClientScript';
import { type DevelopmentUpstream, developmentClientId } from './startDevelopmentUpstream';

/** The paths of the One Tap stand-in, on the provider. */
export const GSI_CLIENT_PATH = '/dev/oauth/gsi/client';
export const ONE_TAP_CREDENTIAL_PATH = '/dev/oauth/onetap/credential';

const CredentialRequest = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
  name: z.string().trim().max(200).optional(),
  email_verified: z.boolean().optional(),
  client_id: z.string().max(200),
  nonce: z.string().min(1).max(512).optional(),
});

/**
 * The One Tap stand-in's routes (development mode only, loopback `Host` only, like `/dev/inbox`):
 * `GET /dev/oauth/gsi/client`, the script pages load in place of Google's, and `POST /dev/oauth/onetap/credential
 * {email, name?, email_verified?, client_id, nonce?}` → `{credential}`, a Google-style ID token from the development
 * upstream. Registered by `createProvider` only when the development upstream is on, so in production they do not
 * exist.
 */
export function registerDevelopmentUpstreamRoutes(
  app: Hono<ProviderEnv>,
  upstream: { get(): Promise<DevelopmentUpstream> },
): void {
  // Development mode, from this machine only (routes/devInbox.ts isDevelopmentRequest).
  app.use('/dev/oauth/*', async (c, next) => {
    if (!isDevelopmentRequest(c)) throw new ProviderError('not_found');
    return next();
  });

  app.get(GSI_CLIENT_PATH, (c) => {
    const script = gsiClientScript({
      // The origin the page fetched the script from reaches this provider, whatever publicUrl says.
      credentialUrl: new URL(ONE_TAP_CREDENTIAL_PATH, c.req.url).href,
      clientId: developmentClientId('google'),
      allowedOrigins: c.get('deps').config.project.allowedOrigins,
    });
    return c.body(script, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
  });

  app.post(
    ONE_TAP_CREDENTIAL_PATH,
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new ProviderError('request_too_large');
      },
    }),
    async (c) => {
      const body = await readBody(c, CredentialRequest);
      // Google issues credentials only for its own clients; the stand-in only for the development one.
      if (body.client_id !== developmentClientId('google')) {
        throw new SchemaError('body', [
          {
            dataPath: '.client_id',
            message: `must be the development upstream's Google client, ${developmentClientId('google')}`,
          },
        ]);
      }
      const running = await upstream.get();
      const credential = await running.mintGoogleCredential(
        {
          email: body.email,
          ...(body.name ? { name: body.name } : {}),
          emailVerified: body.email_verified ?? true,
        },
        { audience: body.client_id, ...(body.nonce === undefined ? {} : { nonce: body.nonce }) },
      );
      c.header('cache-control', 'no-store');
      return c.json({ credential });
    },
  );
}
