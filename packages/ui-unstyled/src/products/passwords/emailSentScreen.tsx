// biome-ignore-all lint/correctness/noComponentHookFactories: every factory here runs once, at module level, never during a render, so each component keeps a stable identity.
// Internal: what the "an email was sent" screens (PasswordBreached, PasswordDedupe, PasswordSetNew, PasswordForgot)
// share — context plumbing, the back/title/description parts, the store-backed state and the screen component.
// Not exported from the package: each screen file re-exports the pieces under its own public names.
import { useSignInStore } from '@latchkey/hooks';
import { forwardRef } from 'react';
import { type MessageId, useMessages } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { createScreenContext } from '../../screens/shared/screenContext';
import { createBackPart, createMessagePart, createScreen } from '../../screens/shared/screenParts';
import { passwordMessages } from './messages';

export { createMessagePart, createScreen } from '../../screens/shared/screenParts';

/** What every "an email was sent" screen's state holds. */
export interface EmailSentScreenState {
  /** Where the email went (the password flow's stored email). */
  email: string;
  /** The back arrow: → Main (the email is kept). */
  back: () => void;
}

/** The stored email and the way back, from the `<SignIn>`'s store. */
export function useEmailSentScreenState(): EmailSentScreenState {
  const email = useSignInStore((state) => state.formState.passwordState.email);
  const back = useSignInStore((state) => state.back);
  return { email, back };
}

/** Where the screen's names and messages come from. */
export interface EmailSentPartsOptions {
  /** The screen component's name (`PasswordDedupeScreen`), for error messages and display names. */
  name: string;
  /** The `data-scope` of every part (`password-dedupe`). */
  scope: string;
  /** The heading's message. */
  titleId: MessageId;
  /** The description's message; `{email}` is the address the email went to. */
  descriptionId: MessageId;
}

/**
 * Makes the context and the shared parts of an "an email was sent" screen: `Provider`, `useScreen` (for the
 * screen's own extra parts), `Root`, `Back`, `Title` and `Description`.
 */
export function createEmailSentParts<State extends EmailSentScreenState>(options: EmailSentPartsOptions) {
  const { name, scope } = options;
  const { Provider, useScreenContext: useScreen } = createScreenContext<State>(name);

  const Root = createPart(scope, 'root', 'div');
  const Title = createMessagePart(scope, 'title', 'h2', options.titleId, { tabIndex: -1 }, passwordMessages);
  Title.displayName = `${name}Title`;
  const DescriptionPart = createPart(scope, 'description', 'p');

  const Back = createBackPart(name, scope, useScreen);

  const Description = forwardRef<HTMLParagraphElement, PartProps<'p'>>(function Description(props, ref) {
    const screen = useScreen();
    const t = useMessages(passwordMessages);
    return (
      <DescriptionPart {...props} ref={ref}>
        {props.children ?? t(options.descriptionId, { email: screen.email })}
      </DescriptionPart>
    );
  });
  Description.displayName = `${name}Description`;

  const parts = { Provider, Root, Back, Title, Description };
  return { useScreen, parts };
}

/**
 * Makes a whole "an email was sent" screen whose default layout is back, title, description: the screen component
 * with `Provider`, `Layout`, `Root`, `Back`, `Title` and `Description` as statics.
 */
export function createEmailSentScreen<State extends EmailSentScreenState>(
  options: EmailSentPartsOptions,
  useValue: () => State,
) {
  const { parts } = createEmailSentParts<State>(options);
  function Layout() {
    return (
      <parts.Root>
        <parts.Back />
        <parts.Title />
        <parts.Description />
      </parts.Root>
    );
  }
  Layout.displayName = `${options.name}Layout`;
  return createScreen(options.name, useValue, { ...parts, Layout });
}
