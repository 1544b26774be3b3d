// The screens the dark, auto and right-to-left stories show (Dark, Auto, Rtl, DarkRtl .stories.tsx): the whole
// widget on Main with its tabs, and the unstyled kit's examples of the passcode, password and error screens inside
// the kit's root, each with the `theme` and `dir` of its variant.
import '../styles.css';
import type { SignInConfig } from '@latchkey/hooks';
import type { ComponentType } from 'react';
import OtpBasic from '../../../ui-unstyled/src/products/otp/Otp/examples/basic';
import OtpError from '../../../ui-unstyled/src/products/otp/Otp/examples/error';
import PasswordLuds from '../../../ui-unstyled/src/products/passwords/PasswordCreateOrLogin/examples/luds';
import PasswordNewUser from '../../../ui-unstyled/src/products/passwords/PasswordCreateOrLogin/examples/new-user';
import ErrorBasic from '../../../ui-unstyled/src/screens/Error/examples/basic';
import MainError from '../../../ui-unstyled/src/screens/Main/examples/error';
import { SignIn } from '../SignIn';
import { ThemeRoot } from '../ThemeRoot';
import type { LatchkeyDirection, LatchkeyTheme } from '../theme';

/** The look of one set of stories. */
export interface ThemeVariant {
  theme?: LatchkeyTheme;
  dir?: LatchkeyDirection;
}

/** Text and WhatsApp passcodes, and passwords on the Email tab: three tabs, the country selector. */
const TABS: SignInConfig = { products: ['otp', 'passwords'], otpOptions: { methods: ['sms', 'whatsapp'] } };

/** The whole widget on Main with the Text / WhatsApp / Email tabs (on ladle's offline client). */
export function MainWithTabsVariant({ theme, dir }: ThemeVariant) {
  return <SignIn config={TABS} theme={theme} dir={dir} />;
}

/** The screens shown from the unstyled kit's examples. */
export const VARIANT_SCREENS = {
  /** Main with an invalid email under the field. */
  mainError: MainError,
  /** 'Enter passcode': the six boxes, the countdown, 'Resend code', the back arrow. */
  passcode: OtpBasic,
  /** A refused code under the boxes, an expired countdown and a failed resend. */
  passcodeError: OtpError,
  /** Setting a password: the strength meter, zxcvbn's warning, Continue disabled. */
  password: PasswordNewUser,
  /** Setting a password under a LUDS policy: the rows with their checks and crosses. */
  passwordLuds: PasswordLuds,
  /** The error screen with its back arrow. */
  error: ErrorBasic,
} satisfies Record<string, ComponentType>;

/** One of `VARIANT_SCREENS` inside the kit's root with the variant's `theme` and `dir`. */
export function ScreenVariant({ screen, theme, dir }: ThemeVariant & { screen: keyof typeof VARIANT_SCREENS }) {
  const Screen = VARIANT_SCREENS[screen];
  return (
    <ThemeRoot theme={theme} dir={dir}>
      <Screen />
    </ThemeRoot>
  );
}
