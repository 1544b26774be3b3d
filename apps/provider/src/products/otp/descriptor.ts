import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';

/** Passcodes: the purge deletes expired codes (nothing of theirs survives a pre-hijacking reset but the identifiers). */
export const otpDescriptor = {
  key: 'otp',
  purge: [{ table: 'otp_codes', run: olderThan('otp_codes', 'otp_id', 'expires_at', expired) }],
} satisfies ProductDescriptor;
