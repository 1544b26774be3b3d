import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { type ClientContext, intermediateTokenOf } from '../internal/context';
import type { Shared } from '../internal/shared';
import type {
  WebAuthnAuthenticateOptions,
  WebAuthnAuthenticateResponse,
  WebAuthnAuthenticateStartResponse,
  WebAuthnRegisterOptions,
  WebAuthnRegisterResponse,
  WebAuthnRegisterStartResponse,
  WebAuthnUpdateOptions,
  WebAuthnUpdateResponse,
} from './webauthn.contract';

// The public NO_WEBAUTHN_AUTOFILL_WARNING and NO_WEBAUTHN_INPUT_WARNING (./webauthnMessages.ts), written again here:
// imported, that module would sit in every page's first load (an app bundler puts a module the package index reaches
// and a lazily loaded chunk uses in the chunk shared with the first load). webauthn.test.ts checks they match.
const NO_WEBAUTHN_AUTOFILL_WARNING = 'This browser does not support WebAuthn autofill (conditional mediation).';
const NO_WEBAUTHN_INPUT_WARNING =
  'No input with a "webauthn" autocomplete value was found: passkey autofill needs one, e.g. <input autocomplete="username webauthn">.';

const DEFAULT_SESSION_DURATION_MINUTES = 30;

/** Refusals of a second-factor start after which `authenticate` starts a passkey sign-in of its own instead. */
const SECOND_FACTOR_FALLBACKS = ['intermediate_session_not_found', 'webauthn_registration_not_found'];

/** Whether the page has an input whose autocomplete ends with `webauthn` (true where there is no document to ask). */
function hasWebAuthnInput(): boolean {
  const doc = (globalThis as { document?: Pick<Document, 'querySelector'> }).document;
  return !doc || doc.querySelector("input[autocomplete$='webauthn']") !== null;
}

/** The options arrive as a JSON string inside the JSON answer. */
function parseOptions<T>({ isPlainObject, InvalidResponseError, INVALID_RESPONSE_MESSAGES }: Shared, text: unknown): T {
  if (typeof text === 'string') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPlainObject(parsed) && typeof parsed.challenge === 'string') return parsed as T;
    } catch {
      // Falls through to the error below.
    }
  }
  throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
}

function userAgent(): string | undefined {
  const navigator = (globalThis as { navigator?: { userAgent?: unknown } }).navigator;
  return typeof navigator?.userAgent === 'string' ? navigator.userAgent : undefined;
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The WebAuthn ceremony was aborted.', 'AbortError');
}

/** Runs `ceremony`; an abort of `signal` calls `cancel` and rejects at once with the signal's reason. */
function abortable<T>(ceremony: () => Promise<T>, signal: AbortSignal | undefined, cancel: () => void): Promise<T> {
  if (!signal) return ceremony();
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    ceremony()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The `webauthn` namespace: passkey registration, sign-in and renaming. The browser library
 * (`@simplewebauthn/browser`) is loaded on first use, never in the first chunk.
 */
function createWebAuthn(ctx: ClientContext) {
  const { validate, APIError } = ctx.shared;
  const throwIfAborted = (signal: AbortSignal | undefined) => {
    if (signal?.aborted) throw abortReason(signal);
  };

  return {
    /** Registers a passkey or security key for the signed-in user (needs a session), and refreshes the session. */
    async register(options: WebAuthnRegisterOptions = {}): Promise<WebAuthnRegisterResponse> {
      validate('webauthn.register')
        .isOptionalObject('options', options)
        .isOptionalString('domain', options?.domain)
        .isOptionalString('authenticator_type', options?.authenticator_type)
        .isOptionalBoolean('is_passkey', options?.is_passkey)
        .isOptionalString('override_id', options?.override_id)
        .isOptionalString('override_name', options?.override_name)
        .isOptionalString('override_display_name', options?.override_display_name)
        .isOptionalNumber('session_duration_minutes', options?.session_duration_minutes)
        .isOptionalBoolean('use_base64_url_encoding', options?.use_base64_url_encoding);
      ctx.requireSession();
      const given = options ?? {};
      const library = await ctx.environment.loadWebAuthn();
      const start = await ctx.call<WebAuthnRegisterStartResponse>({
        method: 'POST',
        path: '/webauthn/register/start',
        body: {
          domain: given.domain ?? ctx.environment.location.hostname,
          authenticator_type: given.authenticator_type,
          return_passkey_credential_options: given.is_passkey,
          override_id: given.override_id,
          override_name: given.override_name,
          override_display_name: given.override_display_name,
          user_agent: userAgent(),
          use_base64_url_encoding: given.use_base64_url_encoding,
        },
      });
      const optionsJSON = parseOptions<PublicKeyCredentialCreationOptionsJSON>(
        ctx.shared,
        start.public_key_credential_creation_options,
      );
      const credential = await library.startRegistration({ optionsJSON });
      return ctx.call<WebAuthnRegisterResponse>({
        method: 'POST',
        path: '/webauthn/register',
        body: {
          public_key_credential: JSON.stringify(credential),
          session_duration_minutes: given.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
        },
        // The answer must carry the full session, or it is an invalid response.
        updatesSession: true,
        user: 'optional',
      });
    },

    /**
     * Signs in (or adds a factor when this tab holds a session) with a passkey. `conditional_mediation`
     * offers passkeys in the browser's autofill; aborting `signal` cancels the browser prompt.
     */
    async authenticate(options: WebAuthnAuthenticateOptions): Promise<WebAuthnAuthenticateResponse> {
      validate('webauthn.authenticate')
        .isOptionalString('domain', options?.domain)
        .isOptionalBoolean('is_passkey', options?.is_passkey)
        .isOptionalBoolean('conditional_mediation', options?.conditional_mediation)
        .rule(options?.signal === undefined || isAbortSignal(options.signal), 'signal must be an AbortSignal')
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      const { signal } = options;
      throwIfAborted(signal);
      const library = await ctx.environment.loadWebAuthn();
      // A sign-in waiting for its second factor: the passkey completes it (`/secondary`, the token in the body for a
      // provider on another site). Never for autofill, which offers any passkey on the email field of a new sign-in.
      let intermediate = options.conditional_mediation ? undefined : intermediateTokenOf(ctx.session);
      const startCall = () =>
        ctx.call<WebAuthnAuthenticateStartResponse>({
          method: 'POST',
          path: `/webauthn/authenticate/start/${intermediate ? 'secondary' : ctx.primaryOrSecondary()}`,
          body: {
            domain: options.domain ?? ctx.environment.location.hostname,
            return_passkey_credential_options: options.is_passkey,
            intermediate_session_token: intermediate,
          },
        });
      const start = await startCall().catch((error: unknown) => {
        // The waiting sign-in ended (10 minutes, or used) or its user has no passkey: a passkey sign-in of its own.
        if (!intermediate || !(error instanceof APIError) || !SECOND_FACTOR_FALLBACKS.includes(error.error_type)) {
          throw error;
        }
        intermediate = undefined;
        return startCall();
      });
      throwIfAborted(signal);
      if (options.conditional_mediation && !hasWebAuthnInput()) ctx.environment.logger.warn(NO_WEBAUTHN_INPUT_WARNING);
      const optionsJSON = parseOptions<PublicKeyCredentialRequestOptionsJSON>(
        ctx.shared,
        start.public_key_credential_request_options,
      );
      const credential = await abortable(
        () => library.startAuthentication({ optionsJSON, useBrowserAutofill: options.conditional_mediation === true }),
        signal,
        () => library.WebAuthnAbortService.cancelCeremony(),
      );
      throwIfAborted(signal);
      return ctx.call<WebAuthnAuthenticateResponse>({
        method: 'POST',
        path: '/webauthn/authenticate',
        body: {
          public_key_credential: JSON.stringify(credential),
          session_duration_minutes: options.session_duration_minutes,
          intermediate_session_token: intermediate,
        },
        protection: 'captcha_and_dfp',
        updatesSession: true,
        user: 'optional',
      });
    },

    /** Renames one of the user's WebAuthn registrations. */
    async update(options: WebAuthnUpdateOptions): Promise<WebAuthnUpdateResponse> {
      validate('webauthn.update')
        .isString('webauthn_registration_id', options?.webauthn_registration_id)
        .isString('name', options?.name);
      return ctx.call<WebAuthnUpdateResponse>({
        method: 'PUT',
        path: `/webauthn/update/${encodeURIComponent(options.webauthn_registration_id)}`,
        body: { name: options.name },
      });
    },

    /** Whether passkeys can be offered in the browser's autofill; false (with a warning) when they cannot. */
    async browserSupportsAutofill(): Promise<boolean> {
      let supported = false;
      try {
        const library = await ctx.environment.loadWebAuthn();
        supported = (await library.browserSupportsWebAuthnAutofill()) === true;
      } catch {
        // A library that cannot load, or a browser that throws, supports nothing.
      }
      if (!supported) ctx.environment.logger.warn(NO_WEBAUTHN_AUTOFILL_WARNING);
      return supported;
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createWebAuthn as create };
