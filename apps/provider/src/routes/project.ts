import type { BootstrapResponse, RbacPolicy } from '@latchkey/sdk/contract';
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderEnv, readBody } from '../http/context';
import { ProviderError } from '../http/errors';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { limitPerIp } from '../services/guards';
import { newId } from '../services/secrets';

const eventSchema = z
  .array(
    z.object({
      telemetry: z.unknown().optional(),
      event: z.object({
        public_token: z.string().max(200),
        event_name: z.string().min(1).max(200),
        details: z.unknown().optional(),
        error_code: z.unknown().optional(),
        error_description: z.unknown().optional(),
        http_status_code: z.unknown().optional(),
      }),
    }),
  )
  .max(100);

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
    const rows = events
      .filter((item) => item.event.public_token === deps.config.project.publicToken)
      .map((item) => ({
        event_id: newId('event', deps.environment),
        public_token: item.event.public_token,
        event_name: item.event.event_name,
        details: JSON.stringify(item.event.details ?? {}).slice(0, 4096),
        created_at: now,
      }));
    // The route needs no credentials, so every stored event counts against the caller's IP.
    await limitPerIp(deps, 'eventsPerIp', clientIp(c), rows.length);
    if (rows.length > 0) await deps.db.insertInto('events').values(rows).execute();
    return ok(c, {});
  });

  app.get('/.well-known/jwks.json', async (c) => c.json(await c.get('deps').signer.jwks()));
}
