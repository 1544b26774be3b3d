// Types of the password endpoints. Wire names, snake_case, exactly.
import type {
  AccountResetField,
  AuthenticateResponse,
  ProtectedFields,
  ResponseCommon,
  User,
  UserDevice,
} from '../contract/common';

/** Options of `passwords.create()`; also its request body with `cap`/`dfp`. */
export interface PasswordsCreateOptions {
  email: string;
  password: string;
  session_duration_minutes: number;
}

/** `POST /passwords`. */
export interface PasswordsCreateRequest extends PasswordsCreateOptions, ProtectedFields {}

/** `data` of `POST /passwords` (`__user` stripped). */
export interface PasswordsCreateResponse extends AuthenticateResponse {
  email_id: string;
  user_device?: UserDevice;
}

/** Options of `passwords.authenticate()`. */
export interface PasswordsAuthenticateOptions {
  email: string;
  password: string;
  session_duration_minutes: number;
}

/** `POST /passwords/authenticate`. */
export interface PasswordsAuthenticateRequest extends PasswordsAuthenticateOptions, ProtectedFields {}

/** `data` of `POST /passwords/authenticate` (`__user` stripped). */
export interface PasswordsAuthenticateResponse extends AuthenticateResponse {
  user_device?: UserDevice;
}

/** Options of `passwords.strengthCheck()`; also its request body. */
export interface PasswordsStrengthCheckOptions {
  password: string;
  /** Lets the check refuse passwords built from the email address. */
  email?: string;
}

/** `POST /passwords/strength_check`. */
export type PasswordsStrengthCheckRequest = PasswordsStrengthCheckOptions;

/** Which LUDS classes (lowercase, uppercase, digits, symbols) a password has, and what it lacks. */
export interface PasswordsLudsRequirements {
  has_digit: boolean;
  has_lower_case: boolean;
  has_symbol: boolean;
  has_upper_case: boolean;
  /** How many more characters the minimum length needs. */
  missing_characters: number;
  /** How many more character classes the policy needs. */
  missing_complexity: number;
}

/** `data` of `POST /passwords/strength_check`. */
export interface PasswordsStrengthCheckResponse extends ResponseCommon {
  valid_password: boolean;
  /** zxcvbn score, 0 to 4. */
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  /** `none` when the project checks no strength (only the breach check, if on). */
  strength_policy: 'luds' | 'zxcvbn' | 'none';
  feedback: {
    suggestions: string[];
    warning: string;
    luds_requirements: PasswordsLudsRequirements;
  };
}

/** Options of `passwords.resetByEmailStart()`. */
export interface PasswordsResetByEmailStartOptions {
  email: string;
  /** Where the email's "log in without a password" link leads. */
  login_redirect_url?: string;
  /** Where the email's reset link leads. */
  reset_password_redirect_url?: string;
  reset_password_expiration_minutes?: number;
  reset_password_template_id?: string;
  locale?: string;
  /** Accepted for compatibility but not sent: the observed client never sends it. */
  login_expiration_minutes?: number;
}

/** `POST /passwords/email/reset/start`. */
export interface PasswordsResetByEmailStartRequest
  extends Omit<PasswordsResetByEmailStartOptions, 'login_expiration_minutes'>,
    ProtectedFields {
  /** base64url(SHA-256(verifier)); only when bootstrap `pkce_required_for_password_resets` is on. */
  code_challenge?: string;
}

/** `data` of `POST /passwords/email/reset/start`. */
export type PasswordsResetByEmailStartResponse = ResponseCommon;

/** Options of `passwords.resetByEmail()`. */
export interface PasswordsResetByEmailOptions {
  /** The `token` query parameter of the reset link. */
  token: string;
  password: string;
  session_duration_minutes: number;
}

/** `POST /passwords/email/reset`. */
export interface PasswordsResetByEmailRequest extends PasswordsResetByEmailOptions, ProtectedFields {
  /** The verifier stored by `resetByEmailStart`, when there is one. */
  code_verifier?: string;
}

/** `data` of `POST /passwords/email/reset` (`__user` stripped). */
export interface PasswordsResetByEmailResponse extends AuthenticateResponse, AccountResetField {}

/** Options of `passwords.resetByExistingPassword()`. */
export interface PasswordsResetByExistingPasswordOptions {
  email: string;
  existing_password: string;
  new_password: string;
  session_duration_minutes: number;
}

/** `POST /passwords/existing_password/reset`. */
export interface PasswordsResetByExistingPasswordRequest
  extends PasswordsResetByExistingPasswordOptions,
    ProtectedFields {}

/** `data` of `POST /passwords/existing_password/reset` (`__user` stripped). */
export type PasswordsResetByExistingPasswordResponse = AuthenticateResponse;

/** Options of `passwords.resetBySession()`. */
export interface PasswordsResetBySessionOptions {
  password: string;
  session_duration_minutes: number;
}

/** `POST /passwords/session/reset`. */
export interface PasswordsResetBySessionRequest extends PasswordsResetBySessionOptions, ProtectedFields {}

/** `data` of `POST /passwords/session/reset`: here `__user` is passed through, not stripped. */
export interface PasswordsResetBySessionResponse extends AuthenticateResponse {
  __user?: User;
}

// Its keys join the product vocabulary (src/contract/products.ts) by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface ContractProductRegister {
    passwords: true;
  }
  interface WidgetProductRegister {
    passwords: true;
  }
}

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    password: true;
  }
  interface User {
    password: { password_id: string; requires_reset: boolean } | null;
  }
  interface AccountResetItemRegister {
    password: true;
  }
  interface BootstrapResponse {
    pkce_required_for_password_resets: boolean;
    /** Must be present: `null` or the LUDS settings. */
    password_config: { luds_complexity: number; luds_minimum_count: number } | null;
  }
  interface BootstrapData {
    pkceRequiredForPasswordResets: boolean;
    passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  }
}
