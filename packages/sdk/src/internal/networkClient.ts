import type { HttpMethod, ProtectedFields, SchemaIssueBody } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';
import {
  APIError,
  APISchemaError,
  APIUnreachableError,
  CaptchaUnavailableError,
  INVALID_RESPONSE_MESSAGES,
  InvalidResponseError,
  type SchemaIssue,
} from '../errors';
import { isPlainObject } from './isPlainObject';
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

/** Thrown inside the client when the provider answers with a non-JSON 'Captcha required'. */
class CaptchaRequiredError extends Error {}

const SCHEMA_KEYS = ['body', 'params', 'query'] as const;

/** The HTTP layer: Basic auth, telemetry header, envelopes and error mapping. */
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
    const password = this.#config.getSessionToken() || publicToken;
    return `Basic ${base64Encode(`${publicToken}:${password}`)}`;
  }

  /** The X-SDK-Client header value. */
  telemetryHeader(): string {
    return base64Encode(JSON.stringify(createTelemetryBlob(this.#config.environment, this.#config.getIdentity())));
  }

  /** Sends one call and returns the `data` of its envelope, or throws the typed error. */
  async request<T>(spec: RequestSpec): Promise<T> {
    try {
      return await this.#send<T>(spec);
    } catch (error) {
      if (error instanceof CaptchaRequiredError) throw new CaptchaUnavailableError();
      throw error;
    }
  }

  /**
   * Sends one call; if the provider answers 'Captcha required', asks `getRetryFields` for a captcha token and a
   * telemetry id and sends it once more with them. Without an answer from `getRetryFields`:
   * 'Unable to query captcha and/or dfp telemetry ID'.
   */
  async requestWithCaptchaRetry<T>(spec: RequestSpec, getRetryFields: () => Promise<ProtectedFields>): Promise<T> {
    try {
      return await this.#send<T>(spec);
    } catch (error) {
      if (!(error instanceof CaptchaRequiredError)) throw error;
      let fields: ProtectedFields;
      try {
        fields = await getRetryFields();
      } catch (cause) {
        throw new CaptchaUnavailableError({ cause });
      }
      if (!fields.captcha_token && !fields.dfp_telemetry_id) throw new CaptchaUnavailableError();
      return this.request<T>({ ...spec, body: { ...spec.body, ...fields } });
    }
  }

  async #send<T>(spec: RequestSpec): Promise<T> {
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
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      // Every network failure, whatever the platform calls it, is the same typed error.
      throw new APIUnreachableError(undefined, { cause });
    } finally {
      environment.timers.clearTimeout(timer);
    }
    return parseResponse<T>(response, text);
  }
}

/** Maps a provider answer to `data` or a typed error. */
export function parseResponse<T>(response: Pick<Response, 'status' | 'headers'>, text: string): T {
  if (response.status <= 299) {
    if (text.trim() === '') throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.noResponse);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidJson);
    }
    if (!isPlainObject(json) || !isPlainObject(json.data)) {
      throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.noResponse);
    }
    return json.data as T;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/json')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
    }
    if (!isPlainObject(json)) throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
    if (SCHEMA_KEYS.some((key) => key in json)) {
      const issues: SchemaIssue[] = [];
      for (const key of SCHEMA_KEYS) {
        const list = json[key];
        if (!Array.isArray(list)) continue;
        for (const item of list as Partial<SchemaIssueBody>[]) {
          issues.push({ dataPath: String(item?.dataPath ?? ''), message: String(item?.message ?? '') });
        }
      }
      throw new APISchemaError(issues);
    }
    throw new APIError(json);
  }
  if (text.includes('Captcha required')) throw new CaptchaRequiredError();
  throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
}
