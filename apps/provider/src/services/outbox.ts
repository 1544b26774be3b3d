import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomToken } from './secrets';

let sequence = 0;
/** Ids that sort in sending order, even for messages stored in the same millisecond (or at one test-clock instant). */
function sortableMessageId(): string {
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
}

/** Where outgoing messages go. Implementations must throw when a message cannot be handed over. */
export interface Outbox {
  send(message: OutgoingMessage): Promise<void>;
}

/** Sends text messages and WhatsApp messages (Twilio, Vonage, …); plug one in with `createProvider({ outbox })`. */
export interface PhoneSender {
  send(message: OutgoingMessage & { channel: 'sms' | 'whatsapp' }): Promise<void>;
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

/** Email through SMTP (nodemailer), loaded only when configured. */
export function createSmtpOutbox(options: { url: string; from: string }): Outbox {
  let transport: Promise<{ sendMail(mail: object): Promise<unknown> }> | null = null;
  return {
    async send(message) {
      if (message.channel !== 'email') {
        throw new Error(`The SMTP outbox sends email only; configure a phone sender for ${message.channel} messages.`);
      }
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(options.url));
      await (await transport).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    },
  };
}

/** Email to one outbox, text and WhatsApp messages to another. */
export function routeByChannel(email: Outbox, phone: Outbox | PhoneSender): Outbox {
  return {
    send(message) {
      return message.channel === 'email'
        ? email.send(message)
        : phone.send(message as OutgoingMessage & { channel: 'sms' | 'whatsapp' });
    },
  };
}
