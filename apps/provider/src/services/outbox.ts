import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomToken } from './secrets';

let sequence = 0;
/** Ids that sort in sending order, even for messages stored in the same millisecond (or at one test-clock instant). */
export function sortableMessageId(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `message-${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${randomToken(6)}`;
}

/** One outgoing email, text message or WhatsApp message. */
export interface OutgoingMessage {
  channel: 'email' | 'sms' | 'whatsapp';
  /** An email address or an E.164 phone number. */
  to: string;
  /** Email subject; empty for text messages. */
  subject: string;
  text: string;
  html?: string;
  /** Every link the message carries (magic links, reset links), for the development inbox. */
  links: string[];
  /** Every passcode the message carries, for the development inbox. */
  codes: string[];
  /**
   * The row of the secret the message carries (a passcode's `otp_codes` row, by its id column), for the outbox worker
   * (services/outboxWorker.ts): an attempt delivers the message only while that row is unused (`consumed_at` null)
   * and unexpired (`expires_at` later than now), and gives it up as superseded otherwise, so a retried message never
   * brings a code that a newer one replaced. Kept in the sealed payload; never handed to a sender.
   */
  liveWhile?: { table: string; idColumn: string; id: string };
}

/**
 * What the outbox tells a sender about a delivery attempt. Delivery is at least once: after a timeout or a crash the
 * same message may be handed over again, always with the same `idempotencyKey`, which a sender can pass to a service
 * that deduplicates (SMTP: the Message-ID header).
 */
export interface DeliveryContext {
  /** The same for every attempt at one message (its outbox id). */
  idempotencyKey: string;
  /** 1 for the first attempt. */
  attempt: number;
  /**
   * Aborted (reason: a `TimeoutError`) when the attempt times out after `outbox.attemptTimeoutSeconds`: a sender
   * stops the send in flight then, for example by passing it to `fetch`. The message stays leased for as long again,
   * and the next attempt waits for that, so a send that stops within that time never overlaps with it.
   */
  signal: AbortSignal;
}

/**
 * Where outgoing messages go. Implementations must throw when a message cannot be handed over; a `DeliveryError`
 * (services/outboxWorker.ts) with `retryable: false` stops the retries, any other error is retried with backoff.
 */
export interface Outbox {
  send(message: OutgoingMessage, context?: DeliveryContext): Promise<void>;
}

/** Sends text messages and WhatsApp messages (Twilio, Vonage, …); plug one in with `createProvider({ phoneSender })`. */
export interface PhoneSender {
  send(message: OutgoingMessage & { channel: 'sms' | 'whatsapp' }, context?: DeliveryContext): Promise<void>;
}

/**
 * A failed delivery, as a sender reports it: `retryable` false means trying again cannot help (the provider refused the
 * request as invalid or unauthorized); `retryAfterMs` is the provider's own wait (HTTP `Retry-After`).
 */
export class DeliveryError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { retryable: boolean; retryAfterMs?: number; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DeliveryError';
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A message as `GET /dev/inbox` lists it. */
export interface InboxMessage {
  message_id: string;
  channel: OutgoingMessage['channel'];
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  codes: string[];
  created_at: string;
}

/** The development inbox: stores every message in the database, newest last. Development mode only. */
export function createDevInbox(
  db: Kysely<Database>,
  now: () => number,
): Outbox & { list(to?: string): Promise<InboxMessage[]>; clear(): Promise<void> } {
  return {
    async send(message) {
      await db
        .insertInto('dev_inbox')
        .values({
          message_id: sortableMessageId(),
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          links: JSON.stringify(message.links),
          codes: JSON.stringify(message.codes),
          created_at: now(),
        })
        .execute();
    },
    async list(to) {
      let query = db.selectFrom('dev_inbox').selectAll().orderBy('message_id');
      // Recipients are stored as the route sent them; an email matches whatever its case.
      if (to !== undefined) query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', to.toLowerCase()));
      const rows = await query.execute();
      return rows.map((row) => ({
        message_id: row.message_id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        links: JSON.parse(row.links) as string[],
        codes: JSON.parse(row.codes) as string[],
        created_at: new Date(row.created_at).toISOString(),
      }));
    },
    async clear() {
      await db.deleteFrom('dev_inbox').execute();
    },
  };
}

/** The domain of a From address (`Acme <login@acme.example>` → `acme.example`), for Message-IDs. */
function fromDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1] ?? 'latchkey.invalid';
}

/** nodemailer's own address-field parser (`nodemailer/lib/addressparser`), flattened to its addresses. */
type AddressParser = (field: string, options: { flatten: true }) => { address: string }[];

/** The bare address of a From value (`Acme <login@acme.example>` → `login@acme.example`), for the SMTP envelope. */
function fromAddress(from: string, parse: AddressParser): string {
  const [first] = parse(from, { flatten: true });
  return first?.address || from.trim();
}

/**
 * Email through SMTP (nodemailer), loaded only when configured. The Message-ID (RFC 5322 §3.6.4) is the outbox's
 * idempotency key, so a message sent twice after a lost answer carries the same Message-ID both times. The attempt's
 * signal is nodemailer's `signal` option (10.5 and later): aborting it ends the send at whatever step it has reached
 * and closes the connection, where nodemailer's own timeouts only bound each step (a stalled socket, 10 minutes).
 *
 * nodemailer reads `to` as an address list (`x<attacker@evil.example>.corp.example` is `attacker@evil.example`), so a
 * recipient that its own parser does not read as exactly that one address is refused for good (a `DeliveryError`,
 * not retried) before anything is sent, and the SMTP envelope names the recipient explicitly.
 */
export function createSmtpOutbox(options: { url: string; from: string }): Outbox {
  let transport: Promise<{
    mailer: { sendMail(mail: object): Promise<unknown> };
    parse: AddressParser;
    envelopeFrom: string;
  }> | null = null;
  return {
    async send(message, context) {
      if (message.channel !== 'email') {
        throw new Error(`The SMTP outbox sends email only; configure a phone sender for ${message.channel} messages.`);
      }
      transport ??= Promise.all([import('nodemailer'), import('nodemailer/lib/addressparser')]).then(
        ([nodemailer, { default: parse }]) => ({
          mailer: nodemailer.createTransport(options.url),
          parse,
          envelopeFrom: fromAddress(options.from, parse),
        }),
      );
      const { mailer, parse, envelopeFrom } = await transport;
      const recipients = parse(message.to, { flatten: true });
      if (recipients.length !== 1 || recipients[0]?.address !== message.to) {
        throw new DeliveryError('The recipient is not one plain email address; the message is not sent.', {
          retryable: false,
        });
      }
      await mailer.sendMail({
        from: options.from,
        to: message.to,
        envelope: { from: envelopeFrom, to: [message.to] },
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(context
          ? { messageId: `<${context.idempotencyKey}@${fromDomain(options.from)}>`, signal: context.signal }
          : {}),
      });
    },
  };
}

/** Email to one outbox, text and WhatsApp messages to another. */
export function routeByChannel(email: Outbox, phone: Outbox | PhoneSender): Outbox {
  return {
    send(message, context) {
      return message.channel === 'email'
        ? email.send(message, context)
        : phone.send(message as OutgoingMessage & { channel: 'sms' | 'whatsapp' }, context);
    },
  };
}
