/// <reference types="vite/client" />
// The robustness battery's cases (test/robustness.test.ts): the core's here, each product's in its folder
// (`src/products/<key>/robustness.cases.ts`, exporting `robustness`), collected by the glob below without naming
// any product. Every route of every product gets every body of every product, so a product's bodies also reach the
// core's routes and the other products' routes.
import type { ProviderConfigInput } from '../src/config';
import { PUBLIC_TOKEN } from '../testing/harness';

/** A call of the battery: its method and its path below `/sdk/v1` (or from the root, for the server calls). */
export type RobustnessRoute = [method: string, path: string];

/** What one part adds to the battery: the core (CORE_ROBUSTNESS below) or a product. */
export interface RobustnessCases {
  /** Its `/sdk/v1` calls, concrete paths (a made-up id, a broken percent escape): each gets every malformed body. */
  routes: RobustnessRoute[];
  /** Malformed bodies shaped like its requests (every route gets them). */
  bodies?: string[];
  /** Bodies sent to every route with a broken intermediate-session cookie (a second factor reads the cookie). */
  cookieBodies?: string[];
  /** Its server calls (`/v1/…`, with the project's secret key, without one, with the SDK's credentials). */
  serverRoutes?: RobustnessRoute[];
  /** Paths of its routes that do not exist (an id that cannot be): a JSON 4xx with a request id. */
  unknownPaths?: RobustnessRoute[];
  /** What the battery's provider needs (clients, trusted issuers, raised rate limits), merged with the others'. */
  config?: () => ProviderConfigInput | Promise<ProviderConfigInput>;
}

/** The products' cases, by file (`../src/products/<key>/robustness.cases.ts`), in path order. */
export const PRODUCT_ROBUSTNESS: Record<string, RobustnessCases> = Object.fromEntries(
  Object.entries(
    import.meta.glob<RobustnessCases>('../src/products/*/robustness.cases.ts', { eager: true, import: 'robustness' }),
  ).sort(([a], [b]) => a.localeCompare(b)),
);

/** `a` with `b` over it, the top level's objects merged (`project`, `rateLimits`: one product's keys, another's). */
export function mergeConfig(a: ProviderConfigInput, b: ProviderConfigInput): ProviderConfigInput {
  const merged: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const before = merged[key];
    merged[key] = isObject(before) && isObject(value) ? { ...before, ...value } : value;
  }
  return merged as ProviderConfigInput;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"a":{"a":…1…}}`, `levels` objects deep. */
export function nestedObject(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** A telemetry batch whose one event's `details` nests `levels` deep. */
export function deepEventBatch(levels: number): string {
  return `[{"event":{"public_token":"${PUBLIC_TOKEN}","event_name":"deep","details":${nestedObject(levels)}}}]`;
}

/** A `PUT /users/me` body whose `untrusted_metadata` nests `levels` deep. */
export function deepMetadata(levels: number): string {
  return `{"untrusted_metadata":{"profile":${nestedObject(levels)}}}`;
}

/** The core's cases: telemetry, the user, sessions; bodies of every wrong kind that no product owns. */
export const CORE_ROBUSTNESS: RobustnessCases = {
  routes: [
    ['POST', '/events'],
    ['POST', '/users/search'],
    ['PUT', '/users/me'],
    ['POST', '/sessions/authenticate'],
    ['POST', '/sessions/revoke'],
  ],
  bodies: [
    '',
    'null',
    '[]',
    '"text"',
    '42',
    '{',
    '{"email":{}}',
    '{"email":["a@b.co"],"password":{"$ne":null}}',
    '{"email":"a@b.co","password":"x","session_duration_minutes":1e308}',
    '{"email":"a@b.co","password":"correct horse battery staple","session_duration_minutes":-5}',
    '{"token":"000000","method_id":"\' OR 1=1 --"}',
    '{"token":"\\u0000\\u0000","code_verifier":"\\ud800"}',
    '{"phone_number":"+1\\u202e5550100"}',
    `{"email":"${'a'.repeat(300)}@example.com"}`,
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    `${'['.repeat(2000)}${']'.repeat(2000)}`,
    '{"name":{"first_name":1},"untrusted_metadata":[]}',
    '{"login_magic_link_url":"javascript:alert(1)","email":"a@b.co"}',
    deepEventBatch(5_000),
    deepMetadata(5_000),
    `{"email":"a@b.co","password":${nestedObject(5_000)}}`,
  ],
  serverRoutes: [['POST', '/v1/sessions/authenticate']],
  unknownPaths: [
    ['GET', '/nope'],
    ['DELETE', '/sessions/authenticate'],
    ['GET', '/projects/bootstrap/%00%ff'],
    ['DELETE', '/users/emails/%E0%A4%A'],
  ],
  config: () => ({
    rateLimits: {
      secretKeyFailuresPerIp: { limit: 10_000, windowSeconds: 60 },
      sendsPerIdentifier: { limit: 10_000, windowSeconds: 60 },
      sendsPerIp: { limit: 10_000, windowSeconds: 60 },
    },
  }),
};

/** The core's cases, then every product's. */
export const ALL_ROBUSTNESS: RobustnessCases[] = [CORE_ROBUSTNESS, ...Object.values(PRODUCT_ROBUSTNESS)];

/** Every malformed body of the battery, the core's first. */
export const ROBUSTNESS_BODIES: string[] = ALL_ROBUSTNESS.flatMap((cases) => cases.bodies ?? []);

/** The battery provider's configuration: every part's, merged. */
export async function robustnessConfig(): Promise<ProviderConfigInput> {
  let config: ProviderConfigInput = {};
  for (const cases of ALL_ROBUSTNESS) if (cases.config) config = mergeConfig(config, await cases.config());
  return config;
}
