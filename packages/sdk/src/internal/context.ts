import type { HttpMethod, ProtectedFields, User } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';
import type { BootstrapStore } from './bootstrap';
import type { EventLogger } from './eventLogger';
import type { NetworkClient } from './networkClient';
import { PkceStore } from './pkceStore';

import type { SessionManager, SessionUpdate } from './sessionManager';
import { applyAuthenticateResponse, clearSession, setIntermediateSessionToken, updateUser } from './sessionWrites';
import type { Shared } from './shared';

/** Supplies a captcha token when the project requires one (e.g. reCAPTCHA Enterprise with the bootstrap site key). */
export interface CaptchaProvider {
  getCaptchaToken(siteKey: string | undefined): Promise<string>;
}

/** Supplies a device-fingerprint telemetry id when the project enables DFP-protected auth. */
export interface DfpProvider {
  getTelemetryId(): Promise<string>;
}

/**
 * How a call is protected:
 * - `bootstrap`: waits for the project settings (B) and adds nothing;
 * - `captcha`: B, and adds `captcha_token` when captcha is on (the `send` calls);
 * - `captcha_and_dfp`: B, adds `captcha_token` and `dfp_telemetry_id`, and retries once on 'Captcha required'.
 */
export type Protection = 'none' | 'bootstrap' | 'captcha' | 'captcha_and_dfp';

/** One call of a namespace, with the contract's semantics spelled out. */
export interface CallSpec {
  method: HttpMethod;
  path: string;
  body?: Record<string, unknown> | undefined;
  protection?: Protection;
  /** S: store the answer's session, user and tokens. A missing session or user is 'Invalid response from our servers.'. */
  updatesSession?: boolean;
  /**
   * `required` (U): the answer must carry `__user`, which replaces the stored user; `optional` ((u)): strip it;
   * `keep`: leave it in the value returned (the default, as for `passwords.resetBySession`).
   */
  user?: 'required' | 'optional' | 'keep';
}

/** Everything a namespace needs, shared by the whole client. */
export interface ClientContext {
  publicToken: string;
  environment: LatchkeyEnvironment;
  network: NetworkClient;
  bootstrap: BootstrapStore;
  session: SessionManager;
  pkce: PkceStore;
  events: EventLogger;
  /** Without trailing slash, e.g. `http://localhost:8787`: OAuth start URLs are built from it. */
  apiUrl: string;
  /** `stytch_sdk_state_{publicToken}`: the prefix of every storage key. */
  stateKey: string;
  /** The argument checks and error classes of the first load, which no lazily loaded module imports (shared.ts). */
  shared: Shared;
  /** The duration of the last successful authentication, for `keepSessionAlive` refreshes. */
  keepSessionAlive: boolean;
  /** Sends a call with the contract's semantics and returns its `data`. */
  call<T>(spec: CallSpec): Promise<T>;
  /** Throws `NoSessionError` ('There is no session currently available…') when this tab holds no session. */
  requireSession(): void;
  /**
   * `secondary` (add a factor to the session) when this tab holds a session, else `primary` (sign in):
   * decided by the LOCAL session, not by what the provider knows.
   */
  primaryOrSecondary(): 'primary' | 'secondary';
}

export interface CallDependencies {
  shared: Shared;
  network: NetworkClient;
  bootstrap: BootstrapStore;
  session: SessionManager;
  captchaProvider?: CaptchaProvider | undefined;
  dfpProvider?: DfpProvider | undefined;
}

/**
 * What `createClient` builds up front (the core): everything a namespace needs but the parts only sign-in calls
 * use (`call` with its captcha and DFP handling, PKCE, the session checks), which `createContext` adds once the
 * first namespace loads.
 */
export interface CoreContext extends Omit<ClientContext, 'pkce' | 'call' | 'requireSession' | 'primaryOrSecondary'> {
  captchaProvider?: CaptchaProvider | undefined;
  dfpProvider?: DfpProvider | undefined;
}

/** The context of the lazily loaded namespaces, from the core. */
export function createContext(core: CoreContext): ClientContext {
  // A sign-in call fails often (a wrong passcode) and may fail offline: fetch the failure path now, while the page
  // is online, so its errors never wait for a download nor miss one (see `loadRequestFailure` in networkClient.ts).
  // Imported here by name, not through the network client: a static import of the core would make it a chunk apart.
  import('./requestFailure').catch(() => {});
  return {
    ...core,
    pkce: new PkceStore(core.environment.storage, core.environment.crypto, core.stateKey),
    call: createCall(core),
    ...createSessionChecks(core.session, core.shared),
  };
}

/** Builds `ClientContext.call` from the client's parts. */
export function createCall(deps: CallDependencies): ClientContext['call'] {
  const { network, bootstrap, session, captchaProvider, dfpProvider } = deps;
  const { isPlainObject, InvalidResponseError, INVALID_RESPONSE_MESSAGES } = deps.shared;

  async function protectedFields(protection: Protection): Promise<ProtectedFields> {
    if (protection === 'none') return {};
    const settings = await bootstrap.getAsync();
    if (protection === 'bootstrap') return {};
    const fields: ProtectedFields = {};
    if (settings.captchaSettings.enabled && captchaProvider) {
      try {
        fields.captcha_token = await captchaProvider.getCaptchaToken(settings.captchaSettings.siteKey);
      } catch {
        // Sent without a token: the provider answers 'Captcha required' and the retry asks again.
      }
    }
    if (protection === 'captcha_and_dfp' && settings.runDFPProtectedAuth && dfpProvider) {
      try {
        fields.dfp_telemetry_id = await dfpProvider.getTelemetryId();
      } catch {
        // As above: the retry path reports the failure.
      }
    }
    return fields;
  }

  async function retryFields(): Promise<ProtectedFields> {
    const settings = bootstrap.getSync();
    const siteKey = settings.captchaSettings.enabled ? settings.captchaSettings.siteKey : undefined;
    const fields: ProtectedFields = {};
    if (captchaProvider) fields.captcha_token = await captchaProvider.getCaptchaToken(siteKey);
    if (dfpProvider) fields.dfp_telemetry_id = await dfpProvider.getTelemetryId();
    return fields;
  }

  return async function call<T>(spec: CallSpec): Promise<T> {
    const protection = spec.protection ?? 'none';
    const extra = await protectedFields(protection);
    const body = spec.body === undefined && Object.keys(extra).length === 0 ? spec.body : { ...spec.body, ...extra };
    const request = { method: spec.method, path: spec.path, body };
    const data =
      protection === 'captcha_and_dfp'
        ? await network.requestWithCaptchaRetry<Record<string, unknown>>(request, retryFields)
        : await network.request<Record<string, unknown>>(request);

    const intermediate = data.intermediate_session_token;
    if (spec.updatesSession && typeof intermediate === 'string' && intermediate && !data.session_token) {
      // An intermediate session (a first factor waiting for its second) is no session: the tab stays signed out
      // (state, `getSync()`, subscribers), any earlier session goes, and only the token is kept, in its cookie.
      clearSession(session);
      setIntermediateSessionToken(session, intermediate);
      pendingUsers.set(session, isPlainObject(data.user) ? (data.user as unknown as User) : null);
    } else if (spec.updatesSession) {
      if (!isPlainObject(data.session) || !isPlainObject(data.user)) {
        // Never sign the user out because an answer lacked its session.
        throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
      }
      applyAuthenticateResponse(session, data as unknown as SessionUpdate, spec.body?.session_duration_minutes);
    }
    if (spec.user === 'required') {
      if (!isPlainObject(data.__user)) throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
      const { request_id: _requestId, status_code: _statusCode, ...user } = data.__user;
      updateUser(session, user as unknown as User);
    }
    if (spec.user === 'required' || spec.user === 'optional') {
      const { __user: _user, ...rest } = data;
      return rest as T;
    }
    return data as T;
  };
}

/** The user of the intermediate session each client's session manager holds (from the first factor's answer). */
const pendingUsers = new WeakMap<SessionManager, User | null>();

/**
 * The intermediate session token this tab holds while a sign-in waits for its second factor, else undefined (none,
 * or the tab holds a session: a second factor then adds to the session).
 */
export function intermediateTokenOf(session: SessionManager): string | undefined {
  return session.hasLocalSession() ? undefined : session.getIntermediateSessionToken();
}

/**
 * The user whose sign-in waits for its second factor (their `totps` and `webauthn_registrations` say which second
 * factors they can give), as the first factor's answer carried it; null when no sign-in waits, or when this page did
 * not see that answer (the token cookie outlives a reload, this memory does not).
 */
export function intermediateUserOf(session: SessionManager): User | null {
  return intermediateTokenOf(session) ? (pendingUsers.get(session) ?? null) : null;
}

/** `ClientContext.requireSession` and `primaryOrSecondary` for a session manager. */
export function createSessionChecks(
  session: SessionManager,
  { NoSessionError }: Shared,
): Pick<ClientContext, 'requireSession' | 'primaryOrSecondary'> {
  return {
    requireSession() {
      if (!session.hasLocalSession()) throw new NoSessionError();
    },
    primaryOrSecondary: () => (session.hasLocalSession() ? 'secondary' : 'primary'),
  };
}
