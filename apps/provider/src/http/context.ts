import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ProviderConfig } from '../config';
import type { Database } from '../db/schema';
import type { ProviderLogger } from '../ops/logging';
import type { ProviderMetrics } from '../ops/metrics';
import type { Outbox } from '../services/outbox';
import type { SessionSigner } from '../services/signer';
import type { KeySealing } from '../services/signingKeys';
import { inAddressList, normalizeAddress } from './addresses';
import { SchemaError, type SchemaIssue } from './errors';

/** Wall-clock time, injectable so tests can move it. */
export interface Clock {
  now(): number;
}

/** Everything a route needs; created once by `createProvider`. Holds no state of its own. */
export interface ProviderDeps {
  db: Kysely<Database>;
  config: ProviderConfig;
  clock: Clock;
  outbox: Outbox;
  signer: SessionSigner;
  /** `test` or `live`, from the public token; prefixes every id (`user-test-…`). */
  environment: 'test' | 'live';
  /** The HMAC key: passcodes, wallet nonces, sign-in tickets, flow secrets (services/hmacKey.ts); never stored. */
  hmacKey: Buffer;
  /** The key TOTP secrets and social sign-in provider values are encrypted under (services/encryptionKey.ts); never stored. */
  encryptionKey: Buffer;
  /** How the signing keys' private halves are sealed: under a subkey of the encryption key (services/signingKeys.ts). */
  keySealing: KeySealing;
  /**
   * Prometheus counters (ops/metrics.ts): `metrics.signIn(method, outcome)`, `lockout()`, `rateLimited(limit)`,
   * `message(channel, 'sent' | 'failed')`. A no-op object when `metrics.enabled` is off, so always safe to call.
   */
  metrics: ProviderMetrics;
  /**
   * The log (ops/logging.ts, pino). Never give it a body, a header, a token or a full email address or phone number:
   * mask identifiers with maskEmail / maskPhone and free text with scrub.
   */
  log: ProviderLogger;
}

/** What the Basic-auth header named. The session token is resolved only by the routes that use it. */
export interface RequestAuth {
  publicToken: string;
  /** The password slot when it differs from the public token: an opaque session token or a session JWT. */
  sessionToken: string | null;
}

/** Node's socket details, passed by @hono/node-server (`incoming`) or by in-process callers. */
export interface ProviderBindings {
  incoming?: { socket?: { remoteAddress?: string } };
  remoteAddress?: string;
}

export type ProviderEnv = {
  Bindings: ProviderBindings;
  /** `unexpectedError`: what a 500 ended in, for the request's log line (http/app.ts). */
  Variables: { requestId: string; deps: ProviderDeps; auth: RequestAuth; unexpectedError: unknown };
};

export type ProviderContext = Context<ProviderEnv>;

function toDataPath(path: readonly PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
}

/** Maps zod issues to the `{dataPath, message}` list of the SDK's error envelope. */
export function schemaIssues(error: z.ZodError): SchemaIssue[] {
  return error.issues.map((issue) => ({ dataPath: toDataPath(issue.path), message: issue.message }));
}

/** How deeply a request body may nest arrays and objects. No call needs more than a handful of levels. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Is any array or object in the JSON text nested deeper than `maxDepth`? One pass over the characters,
 * without recursion, before anything parses or copies the value (a value nested thousands deep would
 * overflow the stack of JSON.stringify or of a schema check).
 */
export function exceedsJsonDepth(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Reads the JSON body and checks it against `schema`. An empty body counts as `{}` (the SDK sends
 * `sessions/revoke` with none). Anything that is not JSON, nests deeper than MAX_JSON_DEPTH, or does not
 * match, is a SchemaError (400).
 */
export async function readBody<T extends z.ZodType>(c: ProviderContext, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let json: unknown = {};
  if (exceedsJsonDepth(text)) {
    throw new SchemaError('body', [
      { dataPath: '', message: `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
  }
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new SchemaError('body', [{ dataPath: '', message: 'must be valid JSON' }]);
    }
  }
  // PostgreSQL's text holds no NUL character (SQLSTATE 22021): a `\u0000` anywhere in a body (a key or a string) would
  // make the write that stores it fail with a 500, on any route that stores what it is sent. Refused here, for every
  // route and both databases alike. Only a body that spells one (`\u0000`, or the raw byte) can hold one.
  if (text.includes('\\u0000') || text.includes('\u0000')) {
    const path = nulPath(json, '');
    if (path !== null) {
      throw new SchemaError('body', [{ dataPath: path, message: 'must not contain the NUL character' }]);
    }
  }
  const result = schema.safeParse(json);
  if (!result.success) throw new SchemaError('body', schemaIssues(result.error));
  return result.data;
}

/** The data path (`.a.b[0]`) of the first key or string in `value` holding a NUL character, or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\u0000')}`;
      const found = nulPath(item, `${path}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The success envelope: `{ data: { ...fields, request_id, status_code } }`. */
export function ok(c: ProviderContext, fields: object, status: 200 | 201 = 200): Response {
  return c.json({ data: { request_id: c.get('requestId'), status_code: status, ...fields } }, status);
}

/** Is `address` one of `trustedProxies` (addresses or CIDR ranges, inAddressList)? An unknown address ('') is not. */
export function isTrustedProxy(trustedProxies: readonly string[], address: string): boolean {
  return inAddressList(trustedProxies, address);
}

/**
 * The address of the direct peer (a client, or a proxy in front of it), normalised (normalizeAddress); '' when it is
 * not known. The server (server.ts) passes the address it read when the connection opened as `remoteAddress`, since
 * the socket's own `remoteAddress` is undefined once the client has reset the connection. An in-process caller
 * passes `remoteAddress` itself, or nothing: such a request has no address, and the per-IP limits count it under
 * one shared bucket (ipRateLimitKey, services/guards.ts) rather than not at all.
 */
export function peerAddress(c: ProviderContext): string {
  const address = c.env?.remoteAddress ?? c.env?.incoming?.socket?.remoteAddress;
  return address === undefined ? '' : normalizeAddress(address);
}

/**
 * An `X-Forwarded-For` entry as an address (normalizeAddress, which drops a port), or '' (unknown) when it is still
 * not an IP address: a garbled entry is counted under the one shared unknown bucket, never under a key of its own.
 */
function forwardedAddress(entry: string): string {
  const address = normalizeAddress(entry);
  return isIP(address) === 0 ? '' : address;
}

/**
 * The caller's IP address (normalised, see normalizeAddress), or '' when it is not known. `X-Forwarded-For` is
 * believed only when the direct peer is a configured trusted proxy; then the right-most address that is not itself
 * a trusted proxy is the client, '' when that entry is not an IP address (forwardedAddress). This is the address
 * logs and sessions record; the per-IP limits key it by ipRateLimitKey (services/guards.ts), which counts '' too.
 */
export function clientIp(c: ProviderContext): string {
  const peer = peerAddress(c);
  const { trustedProxies } = c.get('deps').config;
  if (!isTrustedProxy(trustedProxies, peer)) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(forwardedAddress);
  for (let index = forwarded.length - 1; index >= 0; index -= 1) {
    const address = forwarded[index] as string;
    if (!isTrustedProxy(trustedProxies, address)) return address;
  }
  return peer;
}
