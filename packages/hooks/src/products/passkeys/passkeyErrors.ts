// The passkey texts, and how a failed ceremony becomes one of them.
import { APIError, APIUnreachableError, NoSessionError } from '@latchkey/sdk';
import { type LatchkeyFlowError, toFlowError } from '../../errors';

/** Creation refused because the passkey is already registered (`duplicate_webauthn_registration`). */
export const PASSKEY_DUPLICATE_MESSAGE =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
/** Any other creation failure. */
export const PASSKEY_NOT_CREATED_MESSAGE =
  'Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.';
/** A sign-in that failed for a reason the spec does not name (the browser refused, the prompt was dismissed…). */
export const PASSKEY_UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred during passkey authentication. Please try again.';
/** The passkey is not on any account (`webauthn_registration_not_found`: deleted from the account, not the manager). */
export const PASSKEY_NOT_FOUND_MESSAGE =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
/** Registration asked for with nobody signed in (checked by fetching the user). */
export const PASSKEY_NO_USER_MESSAGE =
  'Error: Cannot use PasskeyRegistration component without active user authenticated.';
/** Shown while a delete waits for confirmation (on the registration success screen). */
export const PASSKEY_DELETE_WARNING = 'Once deleted, the passkey cannot be restored.';

/** The error ids the passkey hooks report besides the provider's `error_type`s. */
export type PasskeyErrorType =
  | 'duplicate_webauthn_registration'
  | 'webauthn_registration_not_found'
  | 'passkey_not_created'
  | 'passkey_unknown_error'
  | 'passkey_no_user';

function withType(error: LatchkeyFlowError, type: string, message: string): LatchkeyFlowError {
  return { ...error, type, message };
}

/** The DOMException name or @simplewebauthn/browser code of an authenticator that already holds this passkey. */
function isPreviouslyRegistered(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
}

/** A failed passkey sign-in: the not-found text, the network text, a provider refusal's text, else the unknown text. */
export function toPasskeyLoginError(caught: unknown): LatchkeyFlowError {
  const error = toFlowError(caught);
  if (caught instanceof APIError) {
    return error.type === 'webauthn_registration_not_found'
      ? withType(error, error.type, PASSKEY_NOT_FOUND_MESSAGE)
      : error;
  }
  if (caught instanceof APIUnreachableError) return error;
  return withType(error, 'passkey_unknown_error', PASSKEY_UNKNOWN_ERROR_MESSAGE);
}

/**
 * A failed passkey creation: the no-user text, the duplicate text, the provider's own text for an account whose
 * address is not verified yet (`identifier_not_verified`: the widget offers to verify it), else the not-created text.
 */
export function toPasskeyRegistrationError(caught: unknown): LatchkeyFlowError {
  const error = toFlowError(caught);
  if (caught instanceof NoSessionError) return withType(error, 'passkey_no_user', PASSKEY_NO_USER_MESSAGE);
  if (caught instanceof APIError && error.type === 'duplicate_webauthn_registration') {
    return withType(error, error.type, PASSKEY_DUPLICATE_MESSAGE);
  }
  if (caught instanceof APIError && error.type === 'identifier_not_verified') return error;
  if (isPreviouslyRegistered(caught))
    return withType(error, 'duplicate_webauthn_registration', PASSKEY_DUPLICATE_MESSAGE);
  return withType(error, 'passkey_not_created', PASSKEY_NOT_CREATED_MESSAGE);
}

/**
 * Whether a failed autofill ceremony is the provider refusing the sign-in (an `APIError`: the user picked a passkey
 * it does not accept) rather than the conditional request failing in the browser or on the way (never shown).
 */
export function isSignInRefusal(caught: unknown): boolean {
  return caught instanceof APIError;
}

/** Whether `caught` is the abort of a ceremony this hook cancelled itself (never shown, never retried). */
export function isAbort(caught: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (caught as { name?: unknown } | null)?.name === 'AbortError';
}
