// Field schemas the core's configuration (config.ts) and the products' sections (src/products/<key>/config.ts) share.
import { z } from 'zod';

/** An environment variable's name: the secret is read from the environment, never from the configuration. */
export const environmentVariableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
  message: 'must be the name of an environment variable (letters, digits and _), not the secret itself',
});

/** A fixed-window rate limit (`rateLimits.*`): at most `limit` calls per `windowSeconds`. */
export const rateWindow = z.strictObject({
  limit: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
});

/**
 * Whether a URL's hostname is a loopback address, where plain http never crosses a network: `localhost`, 127.0.0.0/8
 * or `[::1]` (RFC 8252 §8.3). Not `*.localhost`: a resolver may send such a name to DNS.
 */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
