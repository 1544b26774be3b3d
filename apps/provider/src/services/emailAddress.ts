import { domainToASCII, domainToUnicode } from 'node:url';

/** What a domain label may hold in the form the provider stores (guards.ts' EMAIL_PATTERN accepts it back). */
const STORABLE_UNICODE_DOMAIN = /^[\p{L}\p{M}\p{N}.-]+$/u;

/** A host name in ASCII: labels of letters, digits and hyphens (what IDNA's A-labels are made of). */
const HOST_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

/**
 * Whether the domain of `email` is one mail can reach once IDNA maps it: false when the mapping gives characters no
 * host name holds (a parenthesis, a comma: address-list syntax a mailer would read as a comment or a second recipient).
 * Node applies UTS #46 without its host-name rules (STD3), so `⑷` maps to `(4)` and `🄂` to `1,`.
 * A domain IDNA refuses outright is judged by its shape alone (guards.ts, EMAIL_PATTERN).
 */
export function mapsToHostName(email: string): boolean {
  const lowered = email.trim().toLowerCase();
  const ascii = domainToASCII(lowered.slice(lowered.lastIndexOf('@') + 1));
  return ascii === '' || HOST_NAME.test(ascii);
}

/**
 * The one spelling the provider stores and compares an email address in, so that one mailbox is one account:
 * - trimmed and lower-cased, as always;
 * - the local part in Unicode Normalization Form C (a precomposed `é` and `e` + U+0301 are one mailbox name: RFC 6530
 *   asks internationalised addresses to be handled in NFC);
 * - the domain as IDNA (UTS #46, Node's `domainToASCII`) maps it: full-width letters (`ｅｘａｍｐｌｅ.com`), decomposed
 *   accents and the A-label (`xn--exmple-cua.de`) all name the domain mail reaches, which is stored in its
 *   Unicode form (`exämple.de`), or in its ASCII form when that Unicode form holds a character a stored address may
 *   not (the Catalan middle dot, joiners). A domain IDNA refuses, or maps to no host name (assertEmail refuses those),
 *   is kept as written (lower-cased).
 * Migration 0027 (db/migrationSteps.ts, foldEmailSpellings) rewrote the addresses stored before this rule.
 */
export function canonicalEmail(email: string): string {
  const lowered = email.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at <= 0) return lowered.normalize('NFC');
  const local = lowered.slice(0, at).normalize('NFC');
  const domain = lowered.slice(at + 1);
  const ascii = domainToASCII(domain);
  if (ascii === '' || !HOST_NAME.test(ascii)) return `${local}@${domain}`;
  const unicode = domainToUnicode(ascii);
  return `${local}@${STORABLE_UNICODE_DOMAIN.test(unicode) ? unicode : ascii}`;
}
