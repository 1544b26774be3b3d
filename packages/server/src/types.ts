import type { AuthenticationFactor, Session, User } from '@latchkey/sdk/contract';

export type { AuthenticationFactor, Session, User };

/** The claim of the session JWT that carries the session, as in the contract's JWTs. */
export const SESSION_CLAIM = 'https://stytch.com/session';

/** The session object inside the session JWT (`https://stytch.com/session`). */
export interface SessionClaim {
  /** The session id. */
  id: string;
  /** RFC 3339. */
  started_at: string;
  /** RFC 3339. */
  last_accessed_at: string;
  /** RFC 3339: the session's absolute expiry (the JWT's own `exp` is at most five minutes away). */
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
}

/** The verified payload of a session JWT as the provider signs it (ES256). */
export interface SessionJwtClaims {
  /** `latchkey/{project id}`. */
  iss: string;
  /** The project id. */
  aud: string | string[];
  /** The user id. */
  sub: string;
  iat: number;
  nbf: number;
  exp: number;
  [SESSION_CLAIM]: SessionClaim;
  roles: string[];
  /**
   * The actor claim (RFC 8693 §4.1), only on a session opened by impersonation: `sub` is who acts as the user (the
   * `impersonator_id` given to `POST /v1/impersonation_tokens`). `verifySession` copies it to `session.impersonator_id`.
   */
  act?: { sub: string };
}

/** What `verifySession` answers: the session as its JWT states it, checked locally. */
export interface VerifiedSession {
  userId: string;
  sessionId: string;
  /** The session in the contract's shape, without `custom_claims` (the JWT does not carry them). */
  session: Omit<Session, 'custom_claims'>;
  /** The whole verified payload. */
  claims: SessionJwtClaims;
}

/** What `authenticateSession` answers: the provider's word that the session is live now. */
export interface AuthenticatedSession {
  userId: string;
  sessionId: string;
  session: Session;
  user: User;
  /** A fresh session JWT for the same session (it never outlives the session), e.g. to refresh the cookie. */
  sessionJwt: string;
}
