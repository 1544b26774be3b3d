// The automatic theme (`theme: 'auto'`): light or dark as the system asks (or devtools' 'Emulate CSS media feature
// prefers-color-scheme').
import { MainWithTabsVariant, ScreenVariant } from './themeVariants';

export default { title: 'Default/Auto' };

export function MainWithTabs() {
  return <MainWithTabsVariant theme="auto" />;
}

export function MainError() {
  return <ScreenVariant screen="mainError" theme="auto" />;
}

export function Passcode() {
  return <ScreenVariant screen="passcode" theme="auto" />;
}

export function PasscodeError() {
  return <ScreenVariant screen="passcodeError" theme="auto" />;
}

export function Password() {
  return <ScreenVariant screen="password" theme="auto" />;
}

export function PasswordLuds() {
  return <ScreenVariant screen="passwordLuds" theme="auto" />;
}

export function ErrorScreen() {
  return <ScreenVariant screen="error" theme="auto" />;
}
