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

export type AuthenticationFactorType =
  | 'magic_link'
  | 'otp'
  | 'oauth'
  | 'webauthn'
  | 'totp'
  | 'crypto'
  | 'password'
  | 'signature_challenge'
  | 'recovery_codes'
  | 'email_otp'
  | 'impersonated'
  | 'imported'
  | 'oauth_access_token_exchange'
  | 'trusted_auth_token';

/** One way the session's user proved who they are. The `<kind>_factor` sub-object names the method. */
export interface AuthenticationFactor {
  type: AuthenticationFactorType | string;
  delivery_method: string;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  webauthn_factor?: { webauthn_registration_id: string; domain: string; user_agent: string };
  authenticator_app_factor?: { totp_id: string };
  recovery_code_factor?: { totp_recovery_code_id: string };
  crypto_wallet_factor?: { crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string };
  biometric_factor?: { biometric_registration_id: string };
  oauth_access_token_exchange_factor?: { client_id: string };
  /** `sessions/attest`: a JWT of a trusted issuer (`type: 'trusted_auth_token'`, `delivery_method: 'trusted_token_exchange'`). */
  trusted_auth_token_factor?: { profile_id: string; subject: string | null; email_id: string; email_address: string };
  /** `impersonation/authenticate`: who opened the session as the user (`type: 'impersonated'`). */
  impersonated_factor?: { impersonator_id: string };
  /** `<provider>_oauth_factor: {id, email_id?, provider_subject}` for each social provider. */
  [oauthFactor: `${string}_oauth_factor`]: { id: string; email_id?: string; provider_subject: string } | undefined;
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

export interface UserCryptoWallet {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  verified: boolean;
}

export interface UserProvider {
  oauth_user_registration_id: string;
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
}

export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
}

export interface User {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: UserName;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  crypto_wallets: UserCryptoWallet[];
  providers: UserProvider[];
  webauthn_registrations: WebAuthnRegistration[];
  biometric_registrations: { biometric_registration_id: string; verified: boolean }[];
  totps: { totp_id: string; verified: boolean }[];
  password: { password_id: string; requires_reset: boolean } | null;
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
export type AccountResetItem =
  | 'password'
  | 'passkeys'
  | 'crypto_wallets'
  | 'oauth_identities'
  | 'totp'
  | 'emails'
  | 'phone_numbers'
  | 'sessions'
  | 'connected_apps';

/**
 * `account_reset` of an authenticate answer (passcode, magic link, password reset by email): the caller has just
 * proved an email or phone number of the account that nobody had proved before, without a session of that account,
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

/** `data` of `GET /projects/bootstrap/{public_token}`, as on the wire. */
export interface BootstrapResponse extends ResponseCommon {
  project_name: string | null;
  disable_sdk_watermark: boolean;
  captcha_settings: CaptchaSettings;
  cname_domain: string | null;
  email_domains: string[];
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  pkce_required_for_sso: boolean;
  slug_pattern: string | null;
  create_organization_enabled: boolean;
  /** Must be present: `null` or the LUDS settings. */
  password_config: { luds_complexity: number; luds_minimum_count: number } | null;
  dfp_protected_auth_enabled: boolean;
  dfp_protected_auth_mode: 'OBSERVATION' | 'DECISIONING' | null;
  rbac_policy: RbacPolicy | null;
  siwe_required_for_crypto_wallets: boolean;
  vertical: 'CONSUMER' | 'B2B' | null;
}

/** The bootstrap as the SDK exposes it: camelCase, with defaults when the provider cannot be read. */
export interface BootstrapData {
  projectName: string | null;
  displayWatermark: boolean;
  captchaSettings: CaptchaSettings;
  cnameDomain: string | null;
  emailDomains: string[];
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOAuth: boolean;
  pkceRequiredForSso: boolean;
  slugPattern: string | null;
  createOrganizationEnabled: boolean;
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  runDFPProtectedAuth: boolean;
  dfpProtectedAuthMode: 'OBSERVATION' | 'DECISIONING' | null;
  rbacPolicy: RbacPolicy | null;
  siweRequiredForCryptoWallets: boolean;
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
