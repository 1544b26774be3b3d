/**
 * How a Mexican mobile number was written before 2019: `+52 1` then the ten digits. Mexico dropped the mobile prefix
 * `1` (IFT's numbering plan of 3 August 2019): `+52 1 55 1234 5678` and `+52 55 1234 5678` reach one handset, and no
 * Mexican number has eleven digits, so the first is only ever the second written the old way.
 */
export const MEXICO_OLD_MOBILE_PREFIX = '+521';

const MEXICO_OLD_MOBILE = /^\+521(\d{10})$/;

/**
 * The one spelling the provider stores and compares an E.164 phone number in, so that one handset is one account: a
 * Mexican mobile number without the old mobile prefix (`+5215512345678` is `+525512345678`). Numbers written with a
 * national trunk prefix are refused instead (guards.ts, assertPhoneNumber). Migration 0028 (db/migrationSteps.ts,
 * foldPhoneSpellings) rewrote the numbers stored before this rule.
 */
export function canonicalPhoneNumber(phoneNumber: string): string {
  const old = MEXICO_OLD_MOBILE.exec(phoneNumber);
  return old ? `+52${old[1]}` : phoneNumber;
}
