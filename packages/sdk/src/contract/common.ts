// Shapes shared by every endpoint of the /sdk/v1 contract: envelopes, the bootstrap answer and the object shapes.
// Field names are the wire's, snake_case, exactly.

/** Every successful answer carries these inside `data`. */
export interface ResponseCommon {
  request_id: string;
  status_code: number;
}

/** The success envelope: the SDK returns `data` and nothing else. */
export interface SuccessEnvelope<T> {
  data: T;
}

/** The error body, top level (not wrapped in `data`). */
export interface ErrorBody {
  status_code: number;
  error_type: string;
  error_message: string;
  error_url: string;
  request_id: string;
  error_details?: Record<string, unknown>;
}

/** One schema problem: `dataPath` like `.email`, `message` like `must be string`. */
export interface SchemaIssueBody {
  dataPath: string;
  message: string;
}

/** The 400 body for a schema mismatch: the SDK recognises it by the `body`, `params` or `query` key. */
export interface SchemaErrorBody {
  status_code: 400;
  request_id: string;
  body?: SchemaIssueBody[];
  params?: SchemaIssueBody[];
  query?: SchemaIssueBody[];
}

export interface UserDevice {
  ip_address?: string;
  ip_address_details?: Record<string, unknown>;
  ip_geo_city?: string;
  ip_geo_region?: string;
  ip_geo_country?: string;
  ip_geo_country_details?: Record<string, unknown>;
}

/**
 * The kinds of authentication factor, open by declaration merging: the core names the ones no product owns; each
 * product's contract (`src/products/<namespace>.contract.ts`) adds its own
 * (`declare module '@latchkey/sdk/contract' { interface AuthenticationFactorTypeRegister { otp: true } }`).
 */
export interface AuthenticationFactorTypeRegister {
  signature_challenge: true;
  recovery_codes: true;
  impersonated: true;
  imported: true;
  trusted_auth_token: true;
}

/** One kind of authentication factor: a key of `AuthenticationFactorTypeRegister`. */
export type AuthenticationFactorType = keyof AuthenticationFactorTypeRegister;

/**
 * One way the session's user proved who they are. The `<kind>_factor` sub-object names the method. Open by
 * declaration merging: each product's contract adds its own sub-objects.
 */
export interface AuthenticationFactor {
  type: AuthenticationFactorType | string;
  delivery_method: string;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  biometric_factor?: { biometric_registration_id: string };
  /** `sessions/attest`: a JWT of a trusted issuer (`type: 'trusted_auth_token'`, `delivery_method: 'trusted_token_exchange'`). */
  trusted_auth_token_factor?: { profile_id: string; subject: string | null; email_id: string; email_address: string };
  /** `impersonation/authenticate`: who opened the session as the user (`type: 'impersonated'`). */
  impersonated_factor?: { impersonator_id: string };
}

export interface Session {
  session_id: string;
  user_id: string;
  /** RFC 3339. */
  started_at: string;
  /** RFC 3339. Ignored when deciding whether the session changed. */
  last_accessed_at: string;
  /** RFC 3339. Also the cookie expiry. */
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: Record<string, unknown> | null;
  roles: string[];
  /**
   * Only on a session opened by impersonation (`impersonation/authenticate`): who acts as the user. Its session
   * JWT carries the same as `act: {sub}` (RFC 8693 §4.1).
   */
  impersonator_id?: string;
}

export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

export interface UserEmail {
  email_id: string;
  email: string;
  verified: boolean;
}

export interface UserPhoneNumber {
  phone_id: string;
  phone_number: string;
  verified: boolean;
}

/**
 * The user, as every call that answers one carries it. Open by declaration merging: each product's contract adds
 * the user's fields of its own (`declare module '@latchkey/sdk/contract' { interface User { … } }`).
 */
export interface User {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: UserName;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  biometric_registrations: { biometric_registration_id: string; verified: boolean }[];
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  /** Role ids, used by the SDK's local RBAC checks. */
  roles: string[];
  external_id?: string;
}

/** What every authenticate-style call answers. */
export interface AuthenticateResponse extends ResponseCommon {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: Session;
  user: User;
}

/**
 * One kind of thing the pre-hijacking reset removed (see AccountReset): the password, the passkeys, the crypto
 * wallets, the social identities (`oauth_identities`), the authenticator app with its recovery codes (`totp`), the
 * account's other emails and phone numbers, its other sessions, and the apps it had granted access
 * (`connected_apps`: their grants and tokens, and the sessions exchanged from those tokens).
 */
export type AccountResetItem = keyof AccountResetItemRegister;

/**
 * The kinds of `AccountResetItem`, open by declaration merging: the core names the account's own (emails, phone
 * numbers, sessions, connected apps); each product's contract adds what it attaches to an account
 * (`declare module '@latchkey/sdk/contract' { interface AccountResetItemRegister { totp: true } }`).
 */
export interface AccountResetItemRegister {
  emails: true;
  phone_numbers: true;
  sessions: true;
  connected_apps: true;
}

/**
 * `account_reset` of an authenticate answer (passcode, magic link, password reset by email, a social sign-in whose
 * upstream asserts the address verified): the caller has just proved an email or phone number of the account that
 * nobody had proved before, without a session of that account,
 * so everything attached before the proof was removed (account pre-hijacking). Present only when something was.
 */
export interface AccountReset {
  /** The email address or phone number (E.164) that was proved. */
  identifier: string;
  /** What was removed, in this order: password, passkeys, crypto_wallets, oauth_identities, totp, emails, phone_numbers, sessions, connected_apps. */
  removed: AccountResetItem[];
}

/** The optional field of the authenticate answers whose proof can run the pre-hijacking reset. */
export interface AccountResetField {
  account_reset?: AccountReset;
}

/** `__user`: the full user, carried by calls that change it. */
export interface WithUser {
  __user: User;
}

/** The session window a caller asks for, in minutes (default 30 in the kits). */
export interface SessionDurationOptions {
  session_duration_minutes: number;
}

/** Fields added to protected calls when the project enables captcha or device fingerprinting. */
export interface ProtectedFields {
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

// ---- Bootstrap ----

export interface RbacPermission {
  resource_id: string;
  actions: string[];
}

export interface RbacRole {
  role_id: string;
  description: string;
  permissions: RbacPermission[];
}

export interface RbacResource {
  resource_id: string;
  description: string;
  actions: string[];
}

export interface RbacScope {
  scope: string;
  description: string;
  permissions?: RbacPermission[];
}

export interface RbacPolicy {
  roles: RbacRole[];
  resources: RbacResource[];
  scopes: RbacScope[];
}

export type CaptchaSettings = { enabled: false } | { enabled: true; siteKey: string };

/**
 * `data` of `GET /projects/bootstrap/{public_token}`, as on the wire. Open by declaration merging: each product's
 * contract adds its settings (`declare module '@latchkey/sdk/contract' { interface BootstrapResponse { … } }`).
 */
export interface BootstrapResponse extends ResponseCommon {
  project_name: string | null;
  disable_sdk_watermark: boolean;
  captcha_settings: CaptchaSettings;
  cname_domain: string | null;
  email_domains: string[];
  pkce_required_for_sso: boolean;
  slug_pattern: string | null;
  create_organization_enabled: boolean;
  dfp_protected_auth_enabled: boolean;
  dfp_protected_auth_mode: 'OBSERVATION' | 'DECISIONING' | null;
  rbac_policy: RbacPolicy | null;
  vertical: 'CONSUMER' | 'B2B' | null;
}

/**
 * The bootstrap as the SDK exposes it: camelCase, with defaults when the provider cannot be read. Open like
 * `BootstrapResponse` (each product's contract adds its settings; its bootstrap part maps them).
 */
export interface BootstrapData {
  projectName: string | null;
  displayWatermark: boolean;
  captchaSettings: CaptchaSettings;
  cnameDomain: string | null;
  emailDomains: string[];
  pkceRequiredForSso: boolean;
  slugPattern: string | null;
  createOrganizationEnabled: boolean;
  runDFPProtectedAuth: boolean;
  dfpProtectedAuthMode: 'OBSERVATION' | 'DECISIONING' | null;
  rbacPolicy: RbacPolicy | null;
  vertical: 'CONSUMER' | 'B2B' | null;
}

// ---- Telemetry ----

/** The JSON inside the base64 `X-SDK-Client` header. */
export interface TelemetryBlob {
  event_id: string;
  app_session_id: string;
  persistent_id: string;
  client_sent_at: string;
  timezone: string;
  stytch_user_id?: string;
  stytch_session_id?: string;
  app: { identifier: string };
  sdk: { identifier: string; version: string };
}

export interface TelemetryEvent {
  public_token: string;
  event_name: string;
  details: Record<string, unknown>;
  error_code?: string;
  error_description?: string;
  http_status_code?: number;
}

/** `POST /events` takes a JSON array of these. */
export type EventsRequest = { telemetry: TelemetryBlob; event: TelemetryEvent }[];
