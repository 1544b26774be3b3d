// The stories' client (ladle's global provider in .ladle/components.tsx, and the stories' tests): a real SDK client
// that never reaches a network. Browser-safe: it imports nothing but the SDK.
import { createClient, type LatchkeyClient } from '@latchkey/sdk';

/** The public token of the stories' client (a test token: it names no real project). */
export const STORY_PUBLIC_TOKEN = 'public-token-test-stories';

/** One request the offline client was asked to send; none ever leaves the page. */
export interface OfflineRequest {
  method: string;
  /** The path after `/sdk/v1`, e.g. `/projects/bootstrap/public-token-test-stories`. */
  path: string;
}

/** Options of `createOfflineClient`. */
export interface OfflineClientOptions {
  /** Called for every request the client tries to send (the stories' test fails on any but the bootstrap). */
  onRequest?(request: OfflineRequest): void;
}

// The provider's defaults for a consumer project: watermark on, LUDS 3 of 4 classes and 8 characters,
// every redirect flow bound to the starting browser (PKCE).
const BOOTSTRAP = {
  request_id: 'request-id-stories-bootstrap',
  status_code: 200,
  project_name: 'Latchkey stories',
  disable_sdk_watermark: false,
  captcha_settings: { enabled: false },
  cname_domain: null,
  email_domains: ['latchkey.dev'],
  pkce_required_for_email_magic_links: true,
  pkce_required_for_password_resets: true,
  pkce_required_for_oauth: true,
  pkce_required_for_sso: false,
  slug_pattern: null,
  create_organization_enabled: false,
  password_config: { luds_complexity: 3, luds_minimum_count: 8 },
  dfp_protected_auth_enabled: false,
  dfp_protected_auth_mode: null,
  rbac_policy: null,
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A real SDK client whose `fetch` never reaches a network: the project settings (bootstrap) and telemetry are
 * answered in the page, every other call fails as a network error ('Unable to contact our servers.'), so stories
 * render, and can be clicked through, without a running provider.
 */
export function createOfflineClient({ onRequest }: OfflineClientOptions = {}): LatchkeyClient {
  const offlineFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = url.pathname.replace(/^\/sdk\/v1/, '');
    onRequest?.({ method, path });
    if (method === 'GET' && path.startsWith('/projects/bootstrap/')) return json(200, { data: BOOTSTRAP });
    if (method === 'POST' && path === '/events')
      return json(200, { data: { request_id: 'stories', status_code: 200 } });
    throw new TypeError('Failed to fetch (stories have no provider)');
  };
  // No apiBaseUrl: with the default one and no session cookie, the client sends nothing at start but the bootstrap.
  return createClient(STORY_PUBLIC_TOKEN, { environment: { fetch: offlineFetch as typeof fetch } });
}
