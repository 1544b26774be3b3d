/**
 * The failure path of a request, loaded (a chunk of its own) only when a request fails: the mapping of an answer
 * the SDK cannot return to its typed error, and the captcha retry. A successful answer never loads it.
 */
import type { ProtectedFields, SchemaIssueBody } from '../contract/common';
import type { SchemaIssue } from '../errors';
import type { NetworkClient, RequestSpec } from './networkClient';
import type { Shared } from './shared';

const SCHEMA_KEYS = ['body', 'params', 'query'] as const;

/**
 * Throws the typed error of an answer the core could not return (anything but a 2xx with a `{data: {…}}` envelope).
 * On 'Captcha required', asks `getRetryFields` (when the call has a retry path) for a captcha token and a telemetry
 * id and sends the call once more with them, answering its result; without a retry path or without an answer from
 * `getRetryFields`: 'Unable to query captcha and/or dfp telemetry ID'.
 */
export async function failedAnswer<T>(
  shared: Shared,
  network: NetworkClient,
  spec: RequestSpec,
  response: Pick<Response, 'status' | 'headers'>,
  text: string,
  getRetryFields?: () => Promise<ProtectedFields>,
): Promise<T> {
  const { CaptchaUnavailableError } = shared;
  const error = answerError(shared, response, text);
  if (error) throw error;
  if (!getRetryFields) throw new CaptchaUnavailableError();
  let fields: ProtectedFields;
  try {
    fields = await getRetryFields();
  } catch (cause) {
    throw new CaptchaUnavailableError({ cause });
  }
  if (!fields.captcha_token && !fields.dfp_telemetry_id) throw new CaptchaUnavailableError();
  return network.request<T>({ ...spec, body: { ...spec.body, ...fields } });
}

/** The typed error of an answer that is not a usable success, or undefined for a non-JSON 'Captcha required'. */
function answerError(
  { APIError, APISchemaError, INVALID_RESPONSE_MESSAGES, InvalidResponseError, isPlainObject }: Shared,
  response: Pick<Response, 'status' | 'headers'>,
  text: string,
): Error | undefined {
  if (response.status <= 299) {
    if (text.trim() === '') return new InvalidResponseError(INVALID_RESPONSE_MESSAGES.noResponse);
    try {
      JSON.parse(text);
    } catch {
      return new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidJson);
    }
    // JSON, but not an object whose `data` is an object.
    return new InvalidResponseError(INVALID_RESPONSE_MESSAGES.noResponse);
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/json')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
    }
    if (!isPlainObject(json)) return new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
    if (SCHEMA_KEYS.some((key) => key in json)) {
      const issues: SchemaIssue[] = [];
      for (const key of SCHEMA_KEYS) {
        const list = json[key];
        if (!Array.isArray(list)) continue;
        for (const item of list as Partial<SchemaIssueBody>[]) {
          issues.push({ dataPath: String(item?.dataPath ?? ''), message: String(item?.message ?? '') });
        }
      }
      return new APISchemaError(issues);
    }
    return new APIError(json);
  }
  if (text.includes('Captcha required')) return undefined;
  return new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
}
