// Types of the TOTP endpoints. Wire names, snake_case, exactly.
import type { AuthenticateResponse, ProtectedFields, ResponseCommon, UserDevice } from '../contract/common';

/** `POST /totps`. */
export interface TotpsCreateRequest {
  expiration_minutes: number;
}

/** `data` of `POST /totps` (`__user` consumed: it replaces the stored user). */
export interface TotpsCreateResponse extends ResponseCommon {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

/** Options of `totps.authenticate()`. */
export interface TotpsAuthenticateOptions {
  totp_code: string;
  session_duration_minutes: number;
}

/** `POST /totps/authenticate`. */
export interface TotpsAuthenticateRequest extends TotpsAuthenticateOptions, ProtectedFields {
  /** The pending multi-factor sign-in this code completes (sent when the SDK holds one; else its cookie). */
  intermediate_session_token?: string;
}

/** `data` of `POST /totps/authenticate` and `POST /totps/recover` (`__user` stripped). */
export interface TotpsAuthenticateResponse extends AuthenticateResponse {
  totp_id: string;
  user_device?: UserDevice;
}

/** `data` of `POST /totps/recovery_codes` (no body). */
export interface TotpsRecoveryCodesResponse extends ResponseCommon {
  user_id: string;
  totps: { totp_id: string; verified: boolean; recovery_codes: string[] };
}

/** Options of `totps.recover()`. */
export interface TotpsRecoverOptions {
  recovery_code: string;
  session_duration_minutes: number;
}

/** `POST /totps/recover`. */
export interface TotpsRecoverRequest extends TotpsRecoverOptions, ProtectedFields {
  /** As in `TotpsAuthenticateRequest`. */
  intermediate_session_token?: string;
}

/** `data` of `POST /totps/recover`. */
export type TotpsRecoverResponse = TotpsAuthenticateResponse;

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    totp: true;
  }
  interface AuthenticationFactor {
    authenticator_app_factor?: { totp_id: string };
    recovery_code_factor?: { totp_recovery_code_id: string };
  }
  interface User {
    totps: { totp_id: string; verified: boolean }[];
  }
  interface AccountResetItemRegister {
    totp: true;
  }
}
