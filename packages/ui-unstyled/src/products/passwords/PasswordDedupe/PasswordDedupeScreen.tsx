import { createEmailSentScreen } from '../emailSentScreen';
import { type UsePasswordDedupeScreenReturn, usePasswordDedupeScreen } from './usePasswordDedupeScreen';

export * from './usePasswordDedupeScreen';

const screen = createEmailSentScreen<UsePasswordDedupeScreenReturn>(
  {
    name: 'PasswordDedupeScreen',
    scope: 'password-dedupe',
    titleId: 'password.dedupe.title',
    descriptionId: 'password.dedupe.description',
  },
  usePasswordDedupeScreen,
);

/** Provides the PasswordDedupe screen's state (`usePasswordDedupeScreen()`, or a fixed value) to its parts. */
export const PasswordDedupeScreenProvider = screen.Provider;

/** The screen's container (`data-scope="password-dedupe" data-part="root"`). */
export const PasswordDedupeScreenRoot = screen.Root;

/** The back arrow to Main (`data-part="back"`). */
export const PasswordDedupeScreenBack = screen.Back;

/** The heading 'Check your email to set a new password!'. */
export const PasswordDedupeScreenTitle = screen.Title;

/** 'We want to make sure it is really you logging in. A link to reset your password was sent to you at {email}.' */
export const PasswordDedupeScreenDescription = screen.Description;

/** The default layout: back, title, description. */
export const PasswordDedupeScreenLayout = screen.Layout;

/**
 * The PasswordDedupe screen: 'Check your email to set a new password!': a reset is required, to make sure
 * it is really the user. Inside `<SignIn>`. For another layout: `usePasswordDedupeScreen()`,
 * `<PasswordDedupeScreen.Provider value>` and the parts (`PasswordDedupeScreen.Root`, `.Back`, `.Title`,
 * `.Description`, `.Layout`).
 */
export const PasswordDedupeScreen = screen;
