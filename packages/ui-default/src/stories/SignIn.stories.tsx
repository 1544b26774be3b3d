// The whole themed widget, one story per configuration. It runs on ladle's offline client (.ladle/components.tsx):
// the forms render and validate, and anything sent fails as 'Unable to contact our servers.'.
import '../styles.css';
import type { SignInConfig } from '@latchkey/hooks';
import { SignIn } from '../SignIn';
import type { LatchkeyStyles } from '../theme';

export default { title: 'Default/SignIn' };

const EMAIL_MAGIC_LINKS: SignInConfig = { products: ['emailMagicLinks'] };
const MAGIC_LINKS_SMS_PASSWORDS: SignInConfig = {
  products: ['emailMagicLinks', 'otp', 'passwords'],
  otpOptions: { methods: ['sms'] },
};
const PASSCODES: SignInConfig = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } };
const WALLETS_AND_MAGIC_LINKS: SignInConfig = { products: ['crypto', 'emailMagicLinks'] };
const BOTH_EMAIL_PRODUCTS: SignInConfig = { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } };
const BRAND: LatchkeyStyles = {
  colors: { primary: '#4C1D95', secondary: '#6B7280' },
  buttons: { primary: { backgroundColor: '#4C1D95', borderColor: '#4C1D95', borderRadius: 999 } },
  container: { borderRadius: 16 },
  fontFamily: 'Georgia, serif',
};

/** Email magic links only: the default configuration. */
export function EmailMagicLinks() {
  return <SignIn config={EMAIL_MAGIC_LINKS} />;
}

/** Magic links, SMS passcodes and passwords: the Text / Email tabs, the email tab asks for a password. */
export function MagicLinksSmsPasswords() {
  return <SignIn config={MAGIC_LINKS_SMS_PASSWORDS} />;
}

/** Passcodes by SMS, WhatsApp and email: three tabs. */
export function Passcodes() {
  return <SignIn config={PASSCODES} />;
}

/** Crypto wallets above magic links: a button per wallet this browser has, or 'Set up a new crypto wallet'. */
export function WalletsAndMagicLinks() {
  return <SignIn config={WALLETS_AND_MAGIC_LINKS} />;
}

/** The `styles` option: colours, a round button, a serif font. */
export function Branded() {
  return <SignIn config={EMAIL_MAGIC_LINKS} styles={BRAND} />;
}

/** A configuration error (magic links and email passcodes together) replaces the forms. */
export function ConfigurationError() {
  return <SignIn config={BOTH_EMAIL_PRODUCTS} />;
}
