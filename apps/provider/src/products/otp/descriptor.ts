import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { otpErrors } from './errors';
import { otpMigrations } from './migrations';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/**
 * Passcodes: the purge deletes expired codes; a pre-hijacking reset uses up the codes of secondary sends to addresses
 * not attached yet (the identifiers' own codes need identifiers that the reset removes, or the one just proved).
 */
export const otpDescriptor = {
  key: 'otp',
  signInRoutes: {
    'POST /sdk/v1/otps/authenticate': 'otp',
  },
  tables: ['otp_codes'],
  migrations: otpMigrations,
  accountReset: [
    {
      stage: 'outstanding',
      // A secondary send's code to an address no account holds yet (`pending_identifier`) adds that address to the
      // account when the session that sent it redeems it (any session of the account, for a code sent before sends
      // recorded their session: the owner's own session after the proof is one), so whoever sent it before the proof
      // could get back in through that address. Not part of the reset's check (no EXISTS), which every first sign-in
      // runs: a send needs a session of the account, which the check finds as long as it is not revoked (a send bound
      // to a session that is revoked can never be redeemed).
      holds: () => [],
      run: async (trx, userId, now) => {
        await trx
          .updateTable('otp_codes')
          .set({ consumed_at: now })
          .where('user_id', '=', userId)
          .where('pending_identifier', 'is not', null)
          .where('consumed_at', 'is', null)
          .execute();
        return 0;
      },
    },
  ],
  errors: otpErrors,
  config: {
    switches: ['email_otp', 'sms_otp', 'whatsapp_otp'],
    // A text or WhatsApp passcode nothing can deliver is switched off up front, before a code is written.
    channelSwitches: { sms: ['sms_otp'], whatsapp: ['whatsapp_otp'] },
  },
  // Not a field of its calls today (they send `code`): blanked should a body ever carry one.
  logRedaction: ['otp'],
  users: {
    // A passcode sent to an address the user removes stops working.
    identifierRemoved: async (trx, identifierId, now) => {
      await trx
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('method_id', '=', identifierId)
        .where('consumed_at', 'is', null)
        .execute();
    },
  },
  purge: [{ table: 'otp_codes', run: olderThan('otp_codes', 'otp_id', 'expires_at', expired) }],
  recentAuthentication: {
    // A passcode sent by SMS or WhatsApp: weaker (a number can be taken over at the carrier), the strongest some hold.
    // (An emailed one counts as any factor delivered to an email address does.)
    weak: (factor) =>
      factor.type === 'otp' && (factor.delivery_method === 'sms' || factor.delivery_method === 'whatsapp'),
  },
} satisfies ProductDescriptor;
