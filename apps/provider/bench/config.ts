// Settings shared by the load generator (throughput.ts) and the server processes (server.ts).
import type { ProviderConfigInput } from '../src/config';

export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';

/**
 * The provider under load. Rate limits and lockout are raised out of reach so the numbers measure the work
 * of authenticating, not refusals; everything else (argon2id cost, passcode length, JWT signing) is the default.
 */
export const BENCH_CONFIG: ProviderConfigInput = {
  mode: 'development',
  project: { publicToken: PUBLIC_TOKEN },
  rateLimits: {
    sendsPerIdentifier: { limit: 1_000_000_000, windowSeconds: 60 },
    sendsPerIp: { limit: 1_000_000_000, windowSeconds: 60 },
    passwordAttemptsPerIp: { limit: 1_000_000_000, windowSeconds: 60 },
    userSearchesPerIp: { limit: 1_000_000_000, windowSeconds: 60 },
    eventsPerIp: { limit: 1_000_000_000, windowSeconds: 60 },
  },
  lockout: { maxFailuresPerCode: 1_000_000, maxFailuresPerUser: 1_000_000, windowMinutes: 1 },
};

/** The HMAC key of the bench's provider, so the fixtures can store codes it accepts (32 bytes, hex). */
export const BENCH_HMAC_KEY = '6c617463686b65792d62656e63682d70617373636f64652d6b65792d30303031';
/** The encryption key every bench instance shares (the signing keys are sealed under it: instances must agree). */
export const BENCH_ENCRYPTION_KEY = '6c617463686b65792d62656e63682d656e6372797074696f6e2d6b65792d3031';

/** What a server process tells its parent once it listens. */
export interface ServerReady {
  port: number;
}

/** `Basic base64(public token:password slot)`, as the SDK sends it. */
export function basicAuth(sessionToken: string = PUBLIC_TOKEN): string {
  return `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${sessionToken}`).toString('base64')}`;
}
