// Types of the WebAuthn (passkey) endpoints. Wire names, snake_case, exactly. The credential options and
// credentials travel as JSON strings inside the JSON body.
import type { AuthenticateResponse, ProtectedFields, ResponseCommon, UserDevice } from '../contract/common';

/** A passkey of the user (`User.webauthn_registrations`). */
export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
  /**
   * When it was registered (ISO 8601). Not in the hosted API's list: Latchkey's provider sends it; a passkey list
   * shows it beside the name. Absent from other providers.
   */
  created_at?: string;
}

/** Options of `webauthn.register()`. */
export interface WebAuthnRegisterOptions {
  /** The relying-party id; defaults to the page's hostname. */
  domain?: string;
  /** `platform` or `cross-platform`. */
  authenticator_type?: string;
  /** Ask for a discoverable credential (passkey); sent as `return_passkey_credential_options`. */
  is_passkey?: boolean;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
  /** Defaults to 30. */
  session_duration_minutes?: number;
  use_base64_url_encoding?: boolean;
}

/** `POST /webauthn/register/start`. */
export interface WebAuthnRegisterStartRequest {
  domain: string;
  authenticator_type?: string;
  return_passkey_credential_options?: boolean;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
  user_agent?: string;
  use_base64_url_encoding?: boolean;
}

/** `data` of `POST /webauthn/register/start`. */
export interface WebAuthnRegisterStartResponse extends ResponseCommon {
  user_id: string;
  /** A JSON string: the `publicKey` creation options, binary fields base64url. */
  public_key_credential_creation_options: string;
}

/** `POST /webauthn/register`. */
export interface WebAuthnRegisterRequest {
  /** A JSON string: the credential `{type, id, rawId, authenticatorAttachment?, response, clientExtensionResults}`. */
  public_key_credential: string;
  session_duration_minutes: number;
}

/** `data` of `POST /webauthn/register` (`__user` stripped). It carries the full session. */
export interface WebAuthnRegisterResponse extends AuthenticateResponse {
  webauthn_registration_id: string;
}

/** Options of `webauthn.authenticate()`. */
export interface WebAuthnAuthenticateOptions {
  /** The relying-party id; defaults to the page's hostname. */
  domain?: string;
  /** Sent as `return_passkey_credential_options`. */
  is_passkey?: boolean;
  /** Offer passkeys in the browser's autofill (an `<input autocomplete="… webauthn">` must be on the page). */
  conditional_mediation?: boolean;
  /** Aborting it cancels the browser ceremony; the call rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
  session_duration_minutes: number;
}

/** `POST /webauthn/authenticate/start/primary` or `/secondary`. */
export interface WebAuthnAuthenticateStartRequest {
  domain: string;
  return_passkey_credential_options?: boolean;
  /** `/secondary` only: the pending multi-factor sign-in the passkey completes (sent when the SDK holds one). */
  intermediate_session_token?: string;
}

/** `data` of the authenticate start call. */
export interface WebAuthnAuthenticateStartResponse extends ResponseCommon {
  /** A JSON string: the `publicKey` request options, binary fields base64url. */
  public_key_credential_request_options: string;
  /** Listed by the types (camelCase); the SDK does not read it. */
  userId?: string;
}

/** `POST /webauthn/authenticate`. */
export interface WebAuthnAuthenticateRequest extends ProtectedFields {
  /** A JSON string: the assertion `{type, id, rawId, authenticatorAttachment?, response, clientExtensionResults}`. */
  public_key_credential: string;
  session_duration_minutes: number;
  /** The pending multi-factor sign-in a `/secondary` challenge was bound to (sent when the SDK holds one). */
  intermediate_session_token?: string;
}

/** `data` of `POST /webauthn/authenticate` (`__user` stripped). */
export interface WebAuthnAuthenticateResponse extends AuthenticateResponse {
  webauthn_registration_id: string;
  user_device?: UserDevice;
}

/** Options of `webauthn.update()`. */
export interface WebAuthnUpdateOptions {
  webauthn_registration_id: string;
  name: string;
}

/** `PUT /webauthn/update/{webauthn_registration_id}`. */
export interface WebAuthnUpdateRequest {
  name: string;
}

/** `data` of `PUT /webauthn/update/{id}`. */
export interface WebAuthnUpdateResponse extends ResponseCommon {
  webauthn_registration: WebAuthnRegistration;
}

// Its keys join the product vocabulary (src/contract/products.ts) by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface ContractProductRegister {
    webauthn: true;
  }
  interface WidgetProductRegister {
    passkeys: true;
  }
}

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    webauthn: true;
  }
  interface AuthenticationFactor {
    webauthn_factor?: { webauthn_registration_id: string; domain: string; user_agent: string };
  }
  interface User {
    webauthn_registrations: WebAuthnRegistration[];
  }
  interface AccountResetItemRegister {
    passkeys: true;
  }
}
