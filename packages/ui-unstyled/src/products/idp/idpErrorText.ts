import type { LatchkeyFlowError } from '@latchkey/hooks';
import type { IdpTranslate } from './messages';

/**
 * Refusals of an unknown client or of a redirect URI (the provider's, or the flow's own when an answer names another
 * one than the request): their plain text shows, not the provider's message, which is for developers.
 */
const INVALID_CLIENT_ERRORS: readonly string[] = ['oauth_client_not_found', 'invalid_redirect_uri'];

/**
 * The text of an identity-provider flow's error: a missing query parameter ('Required parameter is
 * missing: {param}. …', `param` as the flow found it), no session ('No active session detected. Please log in to
 * continue.'), an invalid client or redirect URI (Latchkey's plain text), each overridable through `strings`; else
 * the server's `error_message` as the flow reports it.
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
  if (INVALID_CLIENT_ERRORS.includes(error.type)) return t('idpError.invalidClient');
  return error.message;
}
