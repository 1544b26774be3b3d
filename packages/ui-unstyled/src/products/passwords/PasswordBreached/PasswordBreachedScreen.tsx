import { createEmailSentParts, createMessagePart, createScreen } from '../emailSentScreen';
import { passwordMessages } from '../messages';
import { type UsePasswordBreachedScreenReturn, usePasswordBreachedScreen } from './usePasswordBreachedScreen';

export * from './usePasswordBreachedScreen';

const SCOPE = 'password-breached';
const { parts } = createEmailSentParts<UsePasswordBreachedScreenReturn>({
  name: 'PasswordBreachedScreen',
  scope: SCOPE,
  titleId: 'password.breached.title',
  descriptionId: 'password.breached.description',
});

/** Provides the PasswordBreached screen's state (`usePasswordBreachedScreen()`, or a fixed value) to its parts. */
export const PasswordBreachedScreenProvider = parts.Provider;

/** The screen's container (`data-scope="password-breached" data-part="root"`). */
export const PasswordBreachedScreenRoot = parts.Root;

/** The back arrow to Main (`data-part="back"`). */
export const PasswordBreachedScreenBack = parts.Back;

/** The heading 'Check your email to set a new password'. */
export const PasswordBreachedScreenTitle = parts.Title;

/**
 * The breached-password notice (`data-part="notice"`): 'This password may have been used on a different site that
 * experienced a security issue. Please choose another password.'
 */
export const PasswordBreachedScreenNotice = createMessagePart(
  SCOPE,
  'notice',
  'p',
  'password.breachedNotice',
  {},
  passwordMessages,
);
PasswordBreachedScreenNotice.displayName = 'PasswordBreachedScreenNotice';

/** 'To keep your account safe, a link to set a new password was sent to you at {email}.' */
export const PasswordBreachedScreenDescription = parts.Description;

/** The default layout: back, title, notice, description. */
export function PasswordBreachedScreenLayout() {
  return (
    <PasswordBreachedScreenRoot>
      <PasswordBreachedScreenBack />
      <PasswordBreachedScreenTitle />
      <PasswordBreachedScreenNotice />
      <PasswordBreachedScreenDescription />
    </PasswordBreachedScreenRoot>
  );
}

/**
 * The PasswordBreached screen: 'Check your email to set a new password': the breached-password notice and
 * where the set-new-password link went. Inside `<SignIn>`. For another layout: `usePasswordBreachedScreen()`,
 * `<PasswordBreachedScreen.Provider value>` and the parts.
 */
export const PasswordBreachedScreen = createScreen('PasswordBreachedScreen', usePasswordBreachedScreen, {
  ...parts,
  Layout: PasswordBreachedScreenLayout,
  Notice: PasswordBreachedScreenNotice,
});
