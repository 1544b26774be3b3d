// The dark theme (`theme: 'dark'`): the same screens on the dark palette of the same --lk-color-* tokens.
import { MainWithTabsVariant, ScreenVariant } from './themeVariants';

export default { title: 'Default/Dark' };

export function MainWithTabs() {
  return <MainWithTabsVariant theme="dark" />;
}

export function MainError() {
  return <ScreenVariant screen="mainError" theme="dark" />;
}

export function Passcode() {
  return <ScreenVariant screen="passcode" theme="dark" />;
}

export function PasscodeError() {
  return <ScreenVariant screen="passcodeError" theme="dark" />;
}

export function Password() {
  return <ScreenVariant screen="password" theme="dark" />;
}

export function PasswordLuds() {
  return <ScreenVariant screen="passwordLuds" theme="dark" />;
}

export function ErrorScreen() {
  return <ScreenVariant screen="error" theme="dark" />;
}
