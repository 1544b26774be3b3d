// Types of the impersonation endpoint.
import type { AuthenticateResponse, ProtectedFields, User } from './common';

/** What `impersonation.authenticate` takes. */
export interface ImpersonationAuthenticateOptions {
  impersonation_token: string;
}

/** Body of `POST /impersonation/authenticate`: the token plus captcha/DFP fields when the project enables them. */
export type ImpersonationAuthenticateRequest = ImpersonationAuthenticateOptions & ProtectedFields;

/** `data` of `POST /impersonation/authenticate`: a full authenticate answer (`__user`, if sent, is kept). */
export interface ImpersonationAuthenticateResponse extends AuthenticateResponse {
  __user?: User;
}
