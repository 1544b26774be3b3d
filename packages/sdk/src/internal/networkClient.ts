import type { HttpMethod, ProtectedFields } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';
import { APIUnreachableError } from '../errors';
import { isPlainObject } from './isPlainObject';
import { SHARED } from './shared';
import { base64Encode, createTelemetryBlob } from './telemetry';

/** One call to the provider: `{apiUrl}/sdk/v1{path}`. */
export interface RequestSpec {
  method: HttpMethod;
  path: string;
  /** Serialised with JSON.stringify (undefined fields dropped). GET and DELETE send none. */
  body?: Record<string, unknown> | undefined;
}

export interface NetworkClientConfig {
  environment: LatchkeyEnvironment;
  publicToken: string;
  /** Without trailing slash, e.g. `http://localhost:8787`. */
  apiUrl: string;
  /** The opaque session token, read fresh at each request (the session cookie). */
  getSessionToken(): string | undefined;
  /** The signed-in user and session ids, for the telemetry header. */
  getIdentity(): { userId?: string | undefined; sessionId?: string | undefined };
  /** Aborts a request that has not answered by then, as 'Unable to contact our servers.'. */
  requestTimeoutMs: number;
}

/** The HTTP layer: Basic auth, telemetry header, envelopes; failed answers are mapped by `requestFailure.ts`. */
export class NetworkClient {
  readonly #config: NetworkClientConfig;

  constructor(config: NetworkClientConfig) {
    this.#config = config;
  }

  /** Full URL of an SDK path. */
  url(path: string): string {
    return `${this.#config.apiUrl}/sdk/v1${path}`;
  }

  /** The Authorization header: Basic base64(public token ":" (session token or public token)). */
  authorizationHeader(): string {
    const { publicToken } = this.#config;
    const secret = this.#config.getSessionToken() || publicToken;
    return `Basic ${base64Encode(`${publicToken}:${secret}`)}`;
  }

  /** The X-SDK-Client header value. */
  telemetryHeader(): string {
    return base64Encode(JSON.stringify(createTelemetryBlob(this.#config.environment, this.#config.getIdentity())));
  }

  /** Sends one call and returns the `data` of its envelope, or throws the typed error. */
  request<T>(spec: RequestSpec): Promise<T> {
    return this.#send<T>(spec);
  }

  /**
   * Sends one call; if the provider answers 'Captcha required', asks `getRetryFields` for a captcha token and a
   * telemetry id and sends it once more with them. Without an answer from `getRetryFields`:
   * 'Unable to query captcha and/or dfp telemetry ID'.
   */
  requestWithCaptchaRetry<T>(spec: RequestSpec, getRetryFields: () => Promise<ProtectedFields>): Promise<T> {
    return this.#send<T>(spec, getRetryFields);
  }

  async #send<T>(spec: RequestSpec, getRetryFields?: () => Promise<ProtectedFields>): Promise<T> {
    const { environment, requestTimeoutMs } = this.#config;
    const controller = new AbortController();
    const timer = environment.timers.setTimeout(() => controller.abort(), requestTimeoutMs);
    let response: Response;
    let text: string;
    try {
      const hasBody = spec.body !== undefined && spec.method !== 'GET' && spec.method !== 'DELETE';
      response = await environment.fetch(this.url(spec.path), {
        method: spec.method,
        headers: {
          Authorization: this.authorizationHeader(),
          'Content-Type': 'application/json',
          'X-SDK-Client': this.telemetryHeader(),
          'X-SDK-Parent-Host': environment.location.origin,
        },
        body: hasBody ? JSON.stringify(spec.body) : null,
        credentials: 'include',
        // A redirect (a misconfigured proxy, a 307 to another origin) would carry the body, passwords and codes
        // included, wherever it points: it fails as a network error instead.
        redirect: 'error',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      // Every network failure, whatever the platform calls it, is the same typed error.
      throw new APIUnreachableError(undefined, { cause });
    } finally {
      environment.timers.clearTimeout(timer);
    }
    // The success path stays here: a 2xx whose body is `{data: {…}}` (JSON.parse also refuses an empty body).
    if (response.status <= 299) {
      try {
        const json: unknown = JSON.parse(text);
        if (isPlainObject(json) && isPlainObject(json.data)) return json.data as T;
      } catch {
        // Not JSON: the failure path names it.
      }
    }
    return (await loadRequestFailure()).failedAnswer<T>(SHARED, this, spec, response, text, getRetryFields);
  }
}

/**
 * The failure path (`requestFailure.ts`: the mapping of failed answers to their typed errors, the captcha retry), a
 * chunk loaded on the first failure. Every sign-in call has it already: the first namespace that loads fetches it
 * beside the shared sign-in code (`createContext`). Only the core's own requests (the bootstrap,
 * `session.authenticate`; telemetry posts apart and ignores its failures) can fail before it is there, and offline
 * its download fails too. A network failure or time-out needs no download: it is `APIUnreachableError` at once, as
 * before. An answer that arrived but whose failure path cannot be downloaded rejects the same way, 'Unable to contact
 * our servers.', the failed download as its `cause`: it is never taken for a success, and, not being an `APIError`,
 * never signs the user out.
 */
function loadRequestFailure(): Promise<typeof import('./requestFailure')> {
  return import('./requestFailure').catch((cause: unknown) => {
    throw new APIUnreachableError(undefined, { cause });
  });
}
