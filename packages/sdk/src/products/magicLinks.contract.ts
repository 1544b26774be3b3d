// Types of the magic-link endpoints. Wire names, snake_case, exactly.
import type {
  AccountResetField,
  AuthenticateResponse,
  ProtectedFields,
  ResponseCommon,
  SessionDurationOptions,
} from '../contract/common';

/** Options of `magicLinks.email.loginOrCreate()` and `magicLinks.email.send()`; spread into the request body. */
export interface MagicLinksEmailOptions {
  /** Where the link of an existing user leads; must be on the project's redirect allowlist. */
  login_magic_link_url?: string;
  /** Where the link of a new user leads; must be on the project's redirect allowlist. */
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
}

/** Options of `magicLinks.email.loginOrCreate()`. */
export type MagicLinksLoginOrCreateOptions = MagicLinksEmailOptions;

/** Options of `magicLinks.email.send()`. */
export type MagicLinksSendOptions = MagicLinksEmailOptions;

/** `POST /magic_links/email/login_or_create` and `/magic_links/email/send/{primary|secondary}`. */
export interface MagicLinksEmailRequest extends MagicLinksEmailOptions, ProtectedFields {
  email: string;
  /** base64url(SHA-256(verifier)); only when bootstrap `pkce_required_for_email_magic_links` is on. */
  code_challenge?: string;
}

/** `data` of the magic-link login_or_create and send calls. */
export type MagicLinksEmailResponse = ResponseCommon;

/** Options of `magicLinks.authenticate()`. */
export type MagicLinksAuthenticateOptions = SessionDurationOptions;

/** `POST /magic_links/authenticate`. */
export interface MagicLinksAuthenticateRequest {
  /** The `token` query parameter of the link. */
  token: string;
  session_duration_minutes: number;
  /** The stored verifier of the flow that sent the link, when there is one. */
  code_verifier?: string;
}

/** `data` of `POST /magic_links/authenticate` (`__user` stripped). */
export interface MagicLinksAuthenticateResponse extends AuthenticateResponse, AccountResetField {
  method_id: string;
}

// Its keys join the product vocabulary (src/contract/products.ts) by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface ContractProductRegister {
    email_magic_links: true;
  }
  interface WidgetProductRegister {
    emailMagicLinks: true;
  }
}

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    magic_link: true;
  }
  interface BootstrapResponse {
    pkce_required_for_email_magic_links: boolean;
  }
  interface BootstrapData {
    pkceRequiredForEmailMagicLinks: boolean;
  }
}
