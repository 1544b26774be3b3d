import { productAccountResetMessages } from './productAccountResetMessages';

/**
 * The texts of the account-reset notice (components/AccountResetNotice.tsx), which the success screens show when the
 * provider's pre-hijacking reset removed something: they travel with the screens that show it, not in the first chunk.
 * The name of each product's item is in its folder (`products/<key>/accountResetMessages.ts`).
 */
export const accountResetMessages = {
  'accountReset.removedOne':
    'For your security, we removed {items} that was added to this account before you proved you own {identifier}.',
  'accountReset.removedMany':
    'For your security, we removed {items} that were added to this account before you proved you own {identifier}.',
  'accountReset.endedOnly':
    'For your security, we signed this account out everywhere else because it was set up before you proved you own {identifier}.',
  'accountReset.signedOut': 'We also signed it out on every other device.',
  'accountReset.disconnected': 'We also disconnected the apps it had given access to.',
  'accountReset.signedOutAndDisconnected':
    'We also signed it out on every other device and disconnected the apps it had given access to.',
  'accountReset.and': '{first} and {last}',
  // What was removed: each product's (its accountResetMessages.ts), then the account's own addresses
  ...productAccountResetMessages,
  'accountReset.item.emails': 'other email addresses',
  'accountReset.item.phone_numbers': 'phone numbers',
} as const;
