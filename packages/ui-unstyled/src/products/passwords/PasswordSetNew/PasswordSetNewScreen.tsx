import { createEmailSentScreen } from '../emailSentScreen';
import { type UsePasswordSetNewScreenReturn, usePasswordSetNewScreen } from './usePasswordSetNewScreen';

export * from './usePasswordSetNewScreen';

const screen = createEmailSentScreen<UsePasswordSetNewScreenReturn>(
  {
    name: 'PasswordSetNewScreen',
    scope: 'password-set-new',
    titleId: 'password.setNew.title',
    descriptionId: 'password.setNew.description',
  },
  usePasswordSetNewScreen,
);

/** Provides the PasswordSetNew screen's state (`usePasswordSetNewScreen()`, or a fixed value) to its parts. */
export const PasswordSetNewScreenProvider = screen.Provider;

/** The screen's container (`data-scope="password-set-new" data-part="root"`). */
export const PasswordSetNewScreenRoot = screen.Root;

/** The back arrow to Main (`data-part="back"`). */
export const PasswordSetNewScreenBack = screen.Back;

/** The heading 'Check your email!'. */
export const PasswordSetNewScreenTitle = screen.Title;

/** 'A login link was sent to you at {email}.' */
export const PasswordSetNewScreenDescription = screen.Description;

/** The default layout: back, title, description. */
export const PasswordSetNewScreenLayout = screen.Layout;

/**
 * The PasswordSetNew screen: 'Check your email!': a login link (to set a password) was sent. Inside
 * `<SignIn>`. For another layout: `usePasswordSetNewScreen()`, `<PasswordSetNewScreen.Provider value>` and the parts
 * (`PasswordSetNewScreen.Root`, `.Back`, `.Title`, `.Description`, `.Layout`).
 */
export const PasswordSetNewScreen = screen;
