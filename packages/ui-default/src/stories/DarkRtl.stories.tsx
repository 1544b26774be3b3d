// The dark theme right to left: both options together.
import { MainWithTabsVariant, ScreenVariant } from './themeVariants';

export default { title: 'Default/Dark RTL' };

export function MainWithTabs() {
  return <MainWithTabsVariant theme="dark" dir="rtl" />;
}

export function MainError() {
  return <ScreenVariant screen="mainError" theme="dark" dir="rtl" />;
}

export function Passcode() {
  return <ScreenVariant screen="passcode" theme="dark" dir="rtl" />;
}

export function PasscodeError() {
  return <ScreenVariant screen="passcodeError" theme="dark" dir="rtl" />;
}

export function Password() {
  return <ScreenVariant screen="password" theme="dark" dir="rtl" />;
}

export function PasswordLuds() {
  return <ScreenVariant screen="passwordLuds" theme="dark" dir="rtl" />;
}

export function ErrorScreen() {
  return <ScreenVariant screen="error" theme="dark" dir="rtl" />;
}
