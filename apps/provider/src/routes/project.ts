import type { BootstrapResponse, RbacPolicy } from '@latchkey/sdk/contract';
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderEnv, readBody } from '../http/context';
import { ProviderError } from '../http/errors';
import { maskEmail, maskPhone, scrub } from '../ops/logging';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { limitPerIp } from '../services/guards';
import { newId } from '../services/secrets';

/**
 * The most an event's name may take, in UTF-8 bytes. The SDK's and the UI's names are short snake_case words (the
 * longest, `sdk_instance_instantiated`, is 25); a longer one is refused with a schema error.
 */
export const MAX_EVENT_NAME_BYTES = 64;
/** The most an event's stored `details` may take, in UTF-8 bytes of its JSON. */
export const MAX_EVENT_DETAILS_BYTES = 1024;
/** The key added to details that lost some of their keys to MAX_EVENT_DETAILS_BYTES. */
export const TRUNCATED_DETAILS_KEY = '_truncated';

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const eventSchema = z
  .array(
    z.object({
      telemetry: z.unknown().optional(),
      event: z.object({
        public_token: z.string().max(200),
        event_name: z
          .string()
          .min(1)
          .refine((name) => utf8Bytes(name) <= MAX_EVENT_NAME_BYTES, {
            message: `must be at most ${MAX_EVENT_NAME_BYTES} bytes`,
          }),
        details: z.unknown().optional(),
        error_code: z.unknown().optional(),
        error_description: z.unknown().optional(),
        http_status_code: z.unknown().optional(),
      }),
    }),
  )
  .max(100);

const EMAIL_KEY = /e-?mail/i;
const PHONE_KEY = /phone/i;
const PHONE_TEXT = /^\+?\d[\d\s().-]{5,}$/;

/**
 * An event's details as the request log would show them (logging.ts): every string, key and number goes through
 * scrub (email addresses and phone numbers masked, JWTs, long opaque tokens and bare passcodes `[redacted]`), and a
 * string under an email or phone key (`email`, `phone_number`) through maskEmail / maskPhone, whatever its shape.
 * The body is at most 32 levels deep (readBody), so the recursion is too.
 */
function maskDetails(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (EMAIL_KEY.test(key) && value.includes('@')) return maskEmail(value.trim());
    if (PHONE_KEY.test(key) && PHONE_TEXT.test(value.trim())) return maskPhone(value);
    return scrub(value);
  }
  if (typeof value === 'number') return scrub(String(value)) === String(value) ? value : '[redacted]';
  if (Array.isArray(value)) return value.map((item) => maskDetails(item, key));
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a `__proto__` key stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [scrub(name), maskDetails(item, name)]));
  }
  return value;
}

/**
 * The JSON stored for an event's details: masked (maskDetails) and at most MAX_EVENT_DETAILS_BYTES in UTF-8. Details
 * over it keep, in their order, the top-level keys that still fit with `"_truncated":true` added, and drop the others
 * whole (no string is cut, so the JSON stays valid); details that are not an object are replaced by
 * `{"_truncated":true}`.
 */
export function storedEventDetails(details: unknown): string {
  const masked = maskDetails(details ?? {});
  const whole = JSON.stringify(masked);
  if (utf8Bytes(whole) <= MAX_EVENT_DETAILS_BYTES) return whole;
  const marker = { [TRUNCATED_DETAILS_KEY]: true };
  if (masked === null || typeof masked !== 'object' || Array.isArray(masked)) return JSON.stringify(marker);
  const kept: [string, unknown][] = [];
  let size = utf8Bytes(JSON.stringify(marker));
  for (const [name, item] of Object.entries(masked)) {
    if (name === TRUNCATED_DETAILS_KEY) continue;
    // `"name":value,`
    const entryBytes = utf8Bytes(JSON.stringify(name)) + 1 + utf8Bytes(JSON.stringify(item) ?? '') + 1;
    if (size + entryBytes > MAX_EVENT_DETAILS_BYTES) continue;
    kept.push([name, item]);
    size += entryBytes;
  }
  const truncated = JSON.stringify(Object.fromEntries([...kept, [TRUNCATED_DETAILS_KEY, true]]));
  return utf8Bytes(truncated) <= MAX_EVENT_DETAILS_BYTES ? truncated : JSON.stringify(marker);
}

/** The policy answered when the project configures none: no roles, resources or scopes. */
export const EMPTY_RBAC_POLICY: RbacPolicy = { roles: [], resources: [], scopes: [] };

/** The products' fields of the bootstrap answer (their descriptors' `bootstrap`), in the descriptors' order. */
const BOOTSTRAP_PARTS = PRODUCT_DESCRIPTORS.flatMap((descriptor) => descriptor.bootstrap ?? []);

/** The bootstrap, the telemetry sink, the JWKS and the development inbox. */
export function registerProjectRoutes(app: Hono<ProviderEnv>): void {
  app.get('/sdk/v1/projects/bootstrap/:public_token', (c) => {
    const { project } = c.get('deps').config;
    if (c.req.param('public_token') !== project.publicToken) throw new ProviderError('unauthorized_credentials');
    // The core's fields in the contract's order, each followed by the products' fields that come after it.
    const core = {
      project_name: project.name,
      disable_sdk_watermark: project.disableWatermark,
      captcha_settings: { enabled: false },
      cname_domain: null,
      email_domains: project.emailDomains,
      pkce_required_for_sso: project.pkce.sso,
      slug_pattern: null,
      create_organization_enabled: false,
      dfp_protected_auth_enabled: false,
      dfp_protected_auth_mode: 'OBSERVATION',
      // Never null: Stytch-compatible clients log "Unable to retrieve RBAC policy" on every page load when it is.
      rbac_policy: project.rbacPolicy ?? EMPTY_RBAC_POLICY,
      vertical: 'CONSUMER',
    } satisfies Partial<BootstrapResponse>;
    const data: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(core)) {
      data[field] = value;
      for (const part of BOOTSTRAP_PARTS) if (part.after === field) Object.assign(data, part.fields(project));
    }
    return ok(c, data as Omit<BootstrapResponse, 'request_id' | 'status_code'>);
  });

  app.post('/sdk/v1/events', async (c) => {
    const deps = c.get('deps');
    const events = await readBody(c, eventSchema);
    const now = deps.clock.now();
    const kept = events.filter((item) => item.event.public_token === deps.config.project.publicToken);
    // The route needs no credentials, so every stored event counts against the caller's IP (before any is masked).
    await limitPerIp(deps, 'eventsPerIp', clientIp(c), kept.length);
    // Masked as the request log masks (no full email address, phone number or token is stored) and cut to size.
    const rows = kept.map((item) => ({
      event_id: newId('event', deps.environment),
      public_token: item.event.public_token,
      event_name: scrub(item.event.event_name),
      details: storedEventDetails(item.event.details),
      created_at: now,
    }));
    if (rows.length > 0) await deps.db.insertInto('events').values(rows).execute();
    return ok(c, {});
  });

  app.get('/.well-known/jwks.json', async (c) => c.json(await c.get('deps').signer.jwks()));
}
