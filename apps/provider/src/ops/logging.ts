// The provider's log (pino): one line per request, plus the few events worth an operator's attention (an
// unexpected error, shutdown). JSON in production, a short human line in development. No request body, query
// string, header or raw path is ever logged, so passcodes, tokens, passwords, session JWTs, authorization codes
// and secrets have no way in; identifiers that must be logged go through maskEmail / maskPhone, and error
// messages through scrub().
import pino, { type DestinationStream, type Logger } from 'pino';
import type { ProviderConfig } from '../config';
import { PRODUCT_LOG_REDACTION } from '../products/productParts';

export type ProviderLogger = Logger;
export type LogLevel = ProviderConfig['logging']['level'];

/** Writes nothing. */
export const SILENT_LOGGER: ProviderLogger = pino({ level: 'silent' });

/** `jane.doe@example.com` → `j***@example.com`: enough to tell addresses apart, not enough to write to one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** `+15551234567` → `+*********67`: the last two digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${'*'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
}

const EMAIL = /[^\s@"'<>(),;:]+@([^\s@"'<>(),;:]+\.[A-Za-z]{2,})/g;
const PHONE = /\+[1-9]\d{6,14}\b/g;
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;
// Long runs of base64url or hex: opaque tokens, secrets, hashes. (Paths break on `/` and `.`, words on spaces.)
const OPAQUE = /[A-Za-z0-9_-]{24,}/g;
// Passcodes (six to eight digits on their own, a sentence's full stop after them included: `Your code is 123456.`).
const DIGITS = /(?<![\w.:])\d{6,8}(?!\w|\.\w)/g;

/**
 * Masks what looks like a secret or an identifier in free text (an error message or stack): email addresses and
 * phone numbers keep only what maskEmail / maskPhone keep, JWTs, long opaque tokens and bare six-to-eight digit
 * numbers become `[redacted]`.
 */
export function scrub(text: string): string {
  return (
    text
      .replace(JWT, '[redacted]')
      .replace(EMAIL, (match) => maskEmail(match))
      .replace(PHONE, (match) => maskPhone(match))
      // A long word without digits (an identifier in a stack) stays; random tokens and hashes all but surely have one.
      .replace(OPAQUE, (match) => (/\d/.test(match) ? '[redacted]' : match))
      .replace(DIGITS, '[redacted]')
  );
}

/** An error as the log shows it: its class, and its message and stack scrubbed. */
function serializeError(error: unknown): object {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  return { type: error.name, message: scrub(error.message), stack: scrub(error.stack ?? '') };
}

/**
 * Field names pino blanks wherever they appear (one level deep): a guard against a future log call passing a body
 * or a header by mistake. The request line never carries any of them.
 */
const REDACTED_KEYS = [
  'passcode',
  'code',
  'token',
  'session_token',
  'session_jwt',
  'intermediate_session_token',
  'access_token',
  'refresh_token',
  'id_token',
  'authorization',
  'cookie',
  'secret',
  'client_secret',
  'email',
  'phone_number',
  // The products' own (their descriptors' `logRedaction`): passwords, for one.
  ...PRODUCT_LOG_REDACTION,
];

/** The time as `12:34:56.789` (UTC), for the human format. */
function clock(time: unknown): string {
  return typeof time === 'string' ? time.slice(11, 23) : '';
}

/**
 * Turns pino's JSON lines into short human lines: `12:34:56.789 INFO  POST /sdk/v1/otps/authenticate 200 3.1 ms
 * 127.0.0.1 request-id-…`, other events as `time LEVEL message`, an error's stack indented beneath.
 */
export function prettyDestination(out: { write(text: string): unknown }): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const { time, level, msg, reqId, method, route, status, durationMs, ip, err, ...rest } = entry;
      const head = `${clock(time)} ${String(level).toUpperCase().padEnd(5)}`;
      let text =
        msg === 'request'
          ? `${head} ${method} ${route} ${status} ${durationMs} ms ${ip || '-'} ${reqId}`
          : `${head} ${msg}${Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''}`;
      if (msg !== 'request' && reqId !== undefined) text += ` ${reqId}`;
      const error = err as { type?: string; message?: string; stack?: string } | undefined;
      if (error)
        text += `\n    ${(error.stack || `${error.type ?? 'Error'}: ${error.message}`).replaceAll('\n', '\n    ')}`;
      out.write(`${text}\n`);
    },
  };
}

export interface CreateLoggerOptions {
  /** Where the lines go. Default: standard output. */
  destination?: { write(text: string): unknown };
  /** Overrides `logging.level`. */
  level?: LogLevel;
}

/** The logger the configuration asks for: `logging.level`, and `logging.format` (by default pretty in development). */
export function createLogger(
  config: Pick<ProviderConfig, 'mode' | 'logging'>,
  options: CreateLoggerOptions = {},
): ProviderLogger {
  const format = config.logging.format ?? (config.mode === 'production' ? 'json' : 'pretty');
  const out = options.destination ?? process.stdout;
  return pino(
    {
      level: options.level ?? config.logging.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)], censor: '[redacted]' },
    },
    (format === 'pretty' ? prettyDestination(out) : out) as DestinationStream,
  );
}

/** What the request line holds. */
export interface RequestLogEntry {
  reqId: string;
  method: string;
  /** The matched route template (`/sdk/v1/users/emails/:id`), never the path the client sent. */
  route: string;
  status: number;
  durationMs: number;
  /** The client's address, as `trustedProxies` resolves it. */
  ip: string;
  /** An unexpected error the request ended in (a 500). */
  err?: unknown;
}

/**
 * The probe routes: their successful answers are logged at `debug`, so a probe every few seconds adds no noise, and
 * their refusals (`/readyz` 503, `/metrics` 401) at `warn`: they are answers, not failures of the provider.
 */
const PROBE_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** Writes the one line of a request: `info`, `error` for a 5xx, or `debug` / `warn` for a probe. */
export function logRequest(logger: ProviderLogger, entry: RequestLogEntry): void {
  if (PROBE_ROUTES.has(entry.route)) {
    if (entry.status < 400) logger.debug(entry, 'request');
    else logger.warn(entry, 'request');
  } else if (entry.status >= 500) logger.error(entry, 'request');
  else logger.info(entry, 'request');
}
