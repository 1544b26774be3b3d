// Right to left (`dir: 'rtl'`): the card mirrors; email addresses, phone numbers and the passcode boxes stay
// left to right. The English strings put their final full stop on the left, as any LTR sentence in an RTL block
// does; translated strings read normally.
import { MainWithTabsVariant, ScreenVariant } from './themeVariants';

export default { title: 'Default/RTL' };

export function MainWithTabs() {
  return <MainWithTabsVariant dir="rtl" />;
}

export function MainError() {
  return <ScreenVariant screen="mainError" dir="rtl" />;
}

export function Passcode() {
  return <ScreenVariant screen="passcode" dir="rtl" />;
}

export function PasscodeError() {
  return <ScreenVariant screen="passcodeError" dir="rtl" />;
}

export function Password() {
  return <ScreenVariant screen="password" dir="rtl" />;
}

export function PasswordLuds() {
  return <ScreenVariant screen="passwordLuds" dir="rtl" />;
}

export function ErrorScreen() {
  return <ScreenVariant screen="error" dir="rtl" />;
}
