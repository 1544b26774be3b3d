import type { LatchkeyFlowError } from '@latchkey/hooks';
import type { IdpTranslate } from './messages';

/**
 * The text of an identity-provider flow's error: a missing query parameter ('Required parameter is
 * missing: {param}. …', `param` as the flow found it), no session ('No active session detected. Please log in to
 * continue.'), both overridable through `strings`; else the server's `error_message` as the flow reports it.
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
  return error.message;
}
