// Text and WhatsApp messages through Twilio's Messages REST API, with `fetch`:
//
//   POST {apiBaseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json
//   Authorization: Basic base64(AccountSid:AuthToken)
//   Content-Type: application/x-www-form-urlencoded
//   To=+14155550100&From=+14155550199&Body=…            (WhatsApp: To=whatsapp:+1…&From=whatsapp:+1…)
//
// A WhatsApp passcode with `whatsappContentSid` goes as that approved template instead of free text:
//
//   To=whatsapp:+1…&From=whatsapp:+1…&ContentSid=HX…&ContentVariables={"1":"123456"}      (no Body)
//
// WhatsApp delivers a message the business starts outside a 24-hour customer service window (a sign-in passcode
// almost always is one) only as a template it approved; free text in `Body` is accepted with a 201 and fails later
// with error 63016, which this sender never sees. Twilio's pages followed: sending a template is the Messages call
// with `ContentSid` (the `HX…` SID) and `ContentVariables` (a JSON string of placeholder names to values), and without
// `Body` (https://www.twilio.com/docs/content/send-templates-created-with-the-content-template-builder,
// https://www.twilio.com/docs/api/errors/63016); a `whatsapp/authentication` template takes exactly one variable, set
// to the passcode at send time (https://www.twilio.com/docs/content/whatsappauthentication). Since September 2024 a
// template may go from a plain `whatsapp:` sender, without a Messaging Service
// (https://www.twilio.com/en-us/changelog/content-templates-messaging-services-optional).
//
// Twilio answers 201 with the Message resource, or an error body `{code, message, more_info, status}`. A 429 (error
// 20429: "not processed and safe to retry after backing off") and a 5xx are retried by the outbox, after the
// `Retry-After` the answer names if any; a timeout or a network error too. Any other answer (400 invalid number,
// 401 wrong credentials, …) is final: trying again cannot help. Twilio takes no idempotency key for this call (its
// error 20500 page: sending a message is not idempotent), so a retry after a 5xx or a timeout may deliver a second
// copy of the same message; it carries the same code, so that is harmless.
import { type DeliveryContext, DeliveryError, type OutgoingMessage, type PhoneSender } from './outbox';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** Sender of text messages (E.164 number, short code or alphanumeric sender id). */
  from?: string;
  /** WhatsApp sender (E.164, with or without `whatsapp:`). */
  whatsappFrom?: string;
  /**
   * The approved WhatsApp template (`HX…` Content SID) WhatsApp messages are sent with, the message's passcode as its
   * variable `1`; without it they go as free text (`Body`).
   */
  whatsappContentSid?: string;
  /** Default https://api.twilio.com. */
  apiBaseUrl: string;
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/** The channels a configuration can send. */
export function twilioChannels(options: Pick<TwilioOptions, 'from' | 'whatsappFrom'>): ('sms' | 'whatsapp')[] {
  return [
    ...(options.from === undefined ? [] : (['sms'] as const)),
    ...(options.whatsappFrom === undefined ? [] : (['whatsapp'] as const)),
  ];
}

const whatsapp = (number: string) => (number.startsWith('whatsapp:') ? number : `whatsapp:${number}`);

/**
 * `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date; undefined when absent or unreadable. Capped at an
 * hour, so a wrong header cannot park a message for days.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), 3_600_000);
}

/** Twilio's error code from an error body, when it has one. */
async function twilioCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'number' || typeof body.code === 'string' ? `, error ${body.code}` : '';
  } catch {
    return '';
  }
}

export function createTwilioSender(options: TwilioOptions): PhoneSender {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const url = `${options.apiBaseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(message: OutgoingMessage & { channel: 'sms' | 'whatsapp' }, context?: DeliveryContext) {
      const from = message.channel === 'whatsapp' ? options.whatsappFrom : options.from;
      if (from === undefined) {
        throw new DeliveryError(`no Twilio sender is configured for ${message.channel} messages`, { retryable: false });
      }
      const body = new URLSearchParams({
        To: message.channel === 'whatsapp' ? whatsapp(message.to) : message.to,
        From: message.channel === 'whatsapp' ? whatsapp(from) : from,
      });
      if (message.channel === 'whatsapp' && options.whatsappContentSid !== undefined) {
        // The template's one variable is the passcode: a message with none (or several) has nothing it could carry,
        // and trying again would not give it one.
        if (message.codes.length !== 1) {
          throw new DeliveryError(
            `a WhatsApp template message carries exactly one passcode; this message has ${message.codes.length}`,
            { retryable: false },
          );
        }
        body.set('ContentSid', options.whatsappContentSid);
        body.set('ContentVariables', JSON.stringify({ '1': message.codes[0] }));
      } else {
        body.set('Body', message.text);
      }
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: body.toString(),
          // The outbox's attempt timeout aborts the attempt's signal, and it may come before `timeoutMs`: the request
          // must end then too, or it would still be running when the retry sends the message again.
          signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(context ? [context.signal] : [])]),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new DeliveryError(
          timedOut
            ? `Twilio did not answer within ${Math.round(options.timeoutMs / 1000)} s`
            : `Twilio could not be reached (${(error as Error).cause instanceof Error ? (((error as Error).cause as NodeJS.ErrnoException).code ?? 'network error') : 'network error'})`,
          { retryable: true, cause: error },
        );
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const code = await twilioCode(response);
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (response.status === 429 || response.status >= 500) {
        throw new DeliveryError(`Twilio answered ${response.status}${code}`, {
          retryable: true,
          ...(wait === undefined ? {} : { retryAfterMs: wait }),
        });
      }
      throw new DeliveryError(`Twilio refused the message: ${response.status}${code}`, { retryable: false });
    },
  };
}
