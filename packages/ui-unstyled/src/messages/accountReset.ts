/**
 * The texts of the account-reset notice (components/AccountResetNotice.tsx), which the success screens show when the
 * provider's pre-hijacking reset removed something: they travel with the screens that show it, not in the first chunk.
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
  'accountReset.item.password': 'a password',
  'accountReset.item.passkeys': 'passkeys',
  'accountReset.item.crypto_wallets': 'crypto wallets',
  'accountReset.item.oauth_identities': 'linked social accounts',
  'accountReset.item.totp': 'an authenticator app',
  'accountReset.item.emails': 'other email addresses',
  'accountReset.item.phone_numbers': 'phone numbers',
} as const;
