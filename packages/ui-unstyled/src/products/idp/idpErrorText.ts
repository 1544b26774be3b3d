import type { LatchkeyFlowError } from '@latchkey/hooks';
import type { IdpTranslate } from './messages';

/**
 * Refusals of an unknown client or of a redirect URI (the provider's, or the flow's own when an answer names another
 * one than the request), and a request that gives a parameter more than once (the flow's own, RFC 6749 §3.1): their
 * plain text shows, not the provider's message, which is for developers.
 */
const INVALID_CLIENT_ERRORS: readonly string[] = [
  'oauth_client_not_found',
  'invalid_redirect_uri',
  'duplicate_parameter',
];

/**
 * The text of an identity-provider flow's error: a missing query parameter ('Required parameter is
 * missing: {param}. …', `param` as the flow found it), no session ('No active session detected. Please log in to
 * continue.'), an invalid client or redirect URI or a repeated parameter (Latchkey's plain text), the screen inside a
 * frame ('This page cannot be shown inside another site. …'), each overridable through `strings`; else the server's
 * `error_message` as the flow reports it.
 */
export function idpErrorText(
  t: IdpTranslate,
  error: LatchkeyFlowError | null,
  missingParam: string | undefined,
): string {
  if (!error) return '';
  if (error.type === 'missing_parameter' && missingParam)
    return t('idpError.missingParameter', { param: missingParam });
  if (error.type === 'no_active_session') return t('idpError.noActiveSession');
  if (error.type === 'framed_page') return t('idpError.framedPage');
  if (INVALID_CLIENT_ERRORS.includes(error.type)) return t('idpError.invalidClient');
  return error.message;
}
