// The Sign-In with Ethereum (EIP-4361) fields of a challenge, from the page that asked, the caller's `siwe_params`
// and the project. The domain (and scheme) is the page's own origin, as EIP-4361 "Specifying the Request Origin"
// wants: a wallet compares it with the page that asks it to sign and warns or refuses when they differ (phishing).
// The caller may name another page of the project as the URI; the chain, statement, request id and resources are
// the caller's; the times are the provider's, and the nonce is always fresh.
import { z } from 'zod';
import type { ProjectConfig } from '../../config';
import { ProviderError } from '../../http/errors';
import { CHALLENGE_LIFETIME_MS } from './challengeMessage';

/** `siwe_params` of a start call, bounded so that no field can blow up a message. */
export const siweParamsSchema = z.object({
  uri: z.string().max(2048).optional(),
  chain_id: z.string().max(32).optional(),
  issued_at: z.string().max(64).optional(),
  statement: z.string().max(4096).optional(),
  not_before: z.string().max(64).optional(),
  message_request_id: z.string().max(1024).optional(),
  resources: z.array(z.string().max(4096)).max(32).optional(),
});
/** `siwe_params` as the schema let it through. */
export type SiweParams = z.infer<typeof siweParamsSchema>;

/** The SIWE fields as a challenge row keeps them. */
export interface SiweFields {
  /** The host (and port) of the page that asked. */
  domain: string;
  uri: string;
  chainId: number;
  statement: string | null;
  requestId: string | null;
  /** JSON array, or null. */
  resources: string | null;
  notBefore: number | null;
  issuedAt: number;
}

// What EIP-4361 "ABNF Message Format" lets a caller's field hold, with the RFC 3986 rules it names (section 2.2
// reserved / unreserved, 3.3 pchar, 3 URI). A message with any other character is not EIP-4361 to a strict parser
// (`@spruceid/siwe-parser`, the wallets' SIWE detection), which then shows it as a plain text to sign, without its
// domain check (anti-phishing warning).
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT_ENCODED = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`;
/** `statement = *( reserved / unreserved / " " )`: RFC 3986 reserved and unreserved characters and spaces, one line. */
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;
/** `request-id = *pchar` (RFC 3986 section 3.3). */
const REQUEST_ID = new RegExp(`^${PCHAR}*$`);
const DEC_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const H16 = '[0-9A-Fa-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
/** Up to `n` + 1 h16 joined by ":" (or none), the part before "::" of an RFC 3986 IPv6address. */
const before = (n: number) => `(?:(?:${H16}:){0,${n}}${H16})?`;
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `${before(0)}::(?:${H16}:){4}${LS32}`,
  `${before(1)}::(?:${H16}:){3}${LS32}`,
  `${before(2)}::(?:${H16}:){2}${LS32}`,
  `${before(3)}::${H16}:${LS32}`,
  `${before(4)}::${LS32}`,
  `${before(5)}::${H16}`,
  `${before(6)}::`,
].join('|');
/** `IP-literal`: the only place RFC 3986 lets "[" and "]" into a URI. */
const IP_LITERAL = `\\[(?:${IPV6}|v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*`;
const AUTHORITY = `(?:${USERINFO}@)?(?:${IP_LITERAL}|${REG_NAME})(?::\\d*)?`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const HIER_PART = [
  `//(?<authority>${AUTHORITY})(?:/${SEGMENT})*`,
  `/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`,
  `${SEGMENT_NZ}(?:/${SEGMENT})*`,
  '',
].join('|');
const QUERY_OR_FRAGMENT = `(?:${PCHAR}|[/?])*`;
/** RFC 3986 section 3 `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`, the authority captured. */
const RFC3986_URI = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.-]*:(?:${HIER_PART})(?:\\?${QUERY_OR_FRAGMENT})?(?:#${QUERY_OR_FRAGMENT})?$`,
);
const CHAIN_ID = /^[1-9]\d{0,15}$/;
/** RFC 3339 date-time, as EIP-4361 and viem's parser take it. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_STATEMENT = 1024;
const MAX_REQUEST_ID = 256;
const MAX_RESOURCES = 16;
/** The domains viem's `createSiweMessage` accepts: a DNS name, an IPv4 address or localhost, with a port. */
const SIWE_DOMAIN =
  /^(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}|(?:\d{1,3}\.){3}\d{1,3}|localhost)(?::\d{1,5})?$/;

function rfc3339(text: string): number | null {
  if (!RFC3339.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * An absolute URI as EIP-4361 "ABNF Message Format" takes it (`uri = URI`, `resource = "- " URI`): RFC 3986 section 3
 * to the letter (ASCII only, "[" and "]" only around an IP-literal host, "%" only in a percent escape, one "#"), and
 * one the WHATWG URL parser reads too. viem's `createSiweMessage` checks each URI again when the message is built
 * (see `siweFieldError`).
 */
function isUri(text: string): boolean {
  return RFC3986_URI.test(text) && URL.canParse(text);
}

const FIELD_ERRORS = {
  uri: 'invalid_siwe_uri',
  domain: 'invalid_siwe_uri',
  chainId: 'invalid_siwe_chain_id',
  statement: 'invalid_siwe_statement',
  resources: 'invalid_siwe_resource',
} as const;

/**
 * The refusal for a SIWE field that viem's `createSiweMessage` threw on (its error names the field), so that a value
 * this file let through but EIP-4361 does not is a 400 naming the field, never a 500.
 */
export function siweFieldError(error: unknown): ProviderError {
  const field = /field "(\w+)"/.exec(error instanceof Error ? error.message : '')?.[1];
  const type = field !== undefined && field in FIELD_ERRORS ? FIELD_ERRORS[field as keyof typeof FIELD_ERRORS] : null;
  return new ProviderError(type ?? 'invalid_siwe_uri');
}

/**
 * The URI a SIWE message is about (`siwe_params.uri`): an http(s) URI without credentials whose origin is one of the
 * project's allowed origins and whose host EIP-4361 can spell.
 */
function siweUri(project: ProjectConfig, raw: string): string {
  if (!isUri(raw)) throw new ProviderError('invalid_siwe_uri');
  const url = new URL(raw);
  // The authority RFC 3986 reads must be the host the WHATWG parser checked (`http:localhost:5173` has none to RFC
  // 3986; `http://local%68ost` is another host to it), up to case and an explicit default port.
  const authority = RFC3986_URI.exec(raw)?.groups?.authority?.toLowerCase();
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const allowed =
    (authority === url.host || authority === `${url.host}:${defaultPort}`) &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    project.allowedOrigins.includes(url.origin) &&
    SIWE_DOMAIN.test(url.host);
  if (!allowed) throw new ProviderError('invalid_siwe_uri');
  return raw;
}

/**
 * The SIWE fields of a start call from `pageOrigin` (the Origin header, already one of the project's allowed
 * origins), or a refusal naming the field: the domain, the page's host (EIP-4361 "Specifying the Request Origin");
 * the `uri` (default: the page's origin); the chain (default 1); `issued_at` (default now, and no further than the
 * challenge's lifetime from now); `not_before`, which must fall before the challenge expires; and the statement,
 * request id and resources.
 */
export function resolveSiweFields(
  project: ProjectConfig,
  params: SiweParams | undefined,
  pageOrigin: string,
  now: number,
): SiweFields {
  const domain = new URL(pageOrigin).host;
  if (!SIWE_DOMAIN.test(domain)) {
    throw new ProviderError('origin_not_allowed', {
      message:
        'Sign-In with Ethereum cannot name this page: an EIP-4361 domain is a DNS name, an IPv4 address or localhost. Open the page by one of those.',
    });
  }
  const uri = params?.uri === undefined ? pageOrigin : siweUri(project, params.uri);

  const chainText = params?.chain_id ?? '1';
  if (!CHAIN_ID.test(chainText) || !Number.isSafeInteger(Number(chainText))) {
    throw new ProviderError('invalid_siwe_chain_id');
  }

  let issuedAt = now;
  if (params?.issued_at !== undefined) {
    const given = rfc3339(params.issued_at);
    if (given === null || Math.abs(given - now) > CHALLENGE_LIFETIME_MS)
      throw new ProviderError('invalid_siwe_issued_at');
    issuedAt = given;
  }

  let notBefore: number | null = null;
  if (params?.not_before !== undefined) {
    notBefore = rfc3339(params.not_before);
    if (notBefore === null || notBefore >= now + CHALLENGE_LIFETIME_MS)
      throw new ProviderError('invalid_siwe_not_before');
  }

  // An empty statement or request id is none: EIP-4361 then leaves the line out.
  const statement = params?.statement || null;
  if (statement !== null && (statement.length > MAX_STATEMENT || !STATEMENT.test(statement))) {
    throw new ProviderError('invalid_siwe_statement');
  }
  const requestId = params?.message_request_id || null;
  if (requestId !== null && (requestId.length > MAX_REQUEST_ID || !REQUEST_ID.test(requestId))) {
    throw new ProviderError('invalid_siwe_message_request_id');
  }
  const resources = params?.resources ?? null;
  if (resources !== null && (resources.length > MAX_RESOURCES || !resources.every(isUri))) {
    throw new ProviderError('invalid_siwe_resource');
  }

  return {
    domain,
    uri,
    chainId: Number(chainText),
    statement,
    requestId,
    resources: resources === null ? null : JSON.stringify(resources),
    notBefore,
    issuedAt,
  };
}
