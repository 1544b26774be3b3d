// The wire format the standard endpoints share: form-encoded requests (RFC 6749 §3.2, Appendix B), JSON error answers
// (RFC 6749 §5.2) and the no-caching headers of every answer that carries a token or a credential (RFC 6749 §5.1).
import type { ProviderContext } from '../../../http/context';

/** The error codes of RFC 6749 §5.2, RFC 7009 §2.2.1 and RFC 6750 §3.1 that these endpoints answer. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_token'
  | 'insufficient_scope';

/** RFC 6749 §5.1: "Cache-Control: no-store" and "Pragma: no-cache" on every answer carrying tokens or credentials. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** A refusal in the shape of RFC 6749 §5.2; thrown inside a handler and answered by `oauthErrorResponse`. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly error: OAuthErrorCode,
    /**
     * RFC 6749 §5.2 `error_description`: human-readable ASCII without `"` and `\` (%x20-21 / %x23-5B / %x5D-7E), so it
     * can travel inside a quoted WWW-Authenticate parameter too.
     */
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** The JSON answer of an OAuthError: `{ error, error_description }`, never cached. */
export function oauthErrorResponse(c: ProviderContext, error: OAuthError): Response {
  return c.json({ error: error.error, error_description: error.description }, error.status, {
    ...NO_STORE,
    ...error.headers,
  });
}

/** Runs `handler`, answering an OAuthError it throws in the RFC 6749 §5.2 shape (anything else goes to app.onError). */
export function withOAuthErrors(handler: (c: ProviderContext) => Promise<Response>) {
  return async (c: ProviderContext): Promise<Response> => {
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(c, error);
      throw error;
    }
  };
}

/** The parameters of a form-encoded request: each name once, empty values dropped. */
export type FormParams = ReadonlyMap<string, string>;

/** Is this a form-encoded body (RFC 6749 Appendix B), whatever its charset parameter says? */
export function isFormEncoded(c: ProviderContext): boolean {
  const type = c.req.header('content-type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * Reads an `application/x-www-form-urlencoded` body (RFC 6749 §4.1.3, §6, RFC 7009 §2.1: the token and revocation
 * requests are form-encoded; a JSON body is `invalid_request`). RFC 6749 §3.1: a parameter sent without a value is
 * treated as omitted; RFC 6749 §3.2: a parameter must not be included more than once (`invalid_request`).
 */
export async function readForm(c: ProviderContext): Promise<FormParams> {
  if (!isFormEncoded(c)) {
    throw new OAuthError(
      400,
      'invalid_request',
      'The request body must be application/x-www-form-urlencoded (RFC 6749 Appendix B).',
    );
  }
  return parseForm(await c.req.text());
}

/** The parameters of form-encoded text (see readForm). */
export function parseForm(text: string): FormParams {
  const params = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (seen.has(name)) {
      throw new OAuthError(400, 'invalid_request', `The parameter ${printable(name)} was sent more than once.`);
    }
    seen.add(name);
    if (value !== '') params.set(name, value);
  }
  return params;
}

/** A value as it may appear inside an error description: printable ASCII without quotes or backslashes, short. */
export function printable(value: string): string {
  const cleaned = value.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, '?');
  return cleaned.length > 64 ? `${cleaned.slice(0, 61)}...` : cleaned;
}

/** A space-separated scope list (RFC 6749 §3.3) as a list, empty entries dropped, each scope once. */
export function scopeList(scopes: string): string[] {
  return [...new Set(scopes.split(' ').filter((scope) => scope !== ''))];
}
