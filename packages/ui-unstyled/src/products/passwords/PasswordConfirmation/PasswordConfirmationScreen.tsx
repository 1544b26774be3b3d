import { createContext, forwardRef } from 'react';
import { createAccountResetPart } from '../../../components/AccountResetNotice';
import { SuccessIcon } from '../../../components/SuccessIcon';
import { useMessages } from '../../../messages/index';
import { createPart, type PartProps } from '../../../primitives/createPart';
import { passwordMessages } from '../messages';
import {
  type UsePasswordConfirmationScreenReturn,
  usePasswordConfirmationScreen,
} from './usePasswordConfirmationScreen';

export * from './usePasswordConfirmationScreen';

const PasswordConfirmationScreenContext = createContext<UsePasswordConfirmationScreenReturn | null>(null);

/** Provides the PasswordConfirmation screen's state (`usePasswordConfirmationScreen()`, or `{}`) to its parts. */
export const PasswordConfirmationScreenProvider = PasswordConfirmationScreenContext.Provider;

const SCOPE = 'password-confirmation';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');

/** The screen's container (`data-scope="password-confirmation" data-part="root"`). */
export const PasswordConfirmationScreenRoot = Root;

/** The check graphic (`data-part="icon"`), decorative. */
export function PasswordConfirmationScreenIcon() {
  return <SuccessIcon data-scope={SCOPE} />;
}

/** The heading 'Success!'. */
export const PasswordConfirmationScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function PasswordConfirmationScreenTitle(props, ref) {
    const t = useMessages(passwordMessages);
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('password.confirmation.title')}
      </Title>
    );
  },
);

/** 'You have successfully logged in.' */
export const PasswordConfirmationScreenDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function PasswordConfirmationScreenDescription(props, ref) {
    const t = useMessages(passwordMessages);
    return (
      <Description {...props} ref={ref}>
        {props.children ?? t('password.confirmation.description')}
      </Description>
    );
  },
);

/**
 * When a reset by email ran the provider's pre-hijacking reset: what was removed and why
 * (`data-part="account-reset"`, role status); nothing otherwise.
 */
export const PasswordConfirmationScreenAccountReset = createAccountResetPart('PasswordConfirmationScreen', SCOPE);

/** The default layout: check graphic, title, description, and the account-reset notice when there is one. */
export function PasswordConfirmationScreenLayout() {
  return (
    <PasswordConfirmationScreenRoot>
      <PasswordConfirmationScreenIcon />
      <PasswordConfirmationScreenTitle />
      <PasswordConfirmationScreenDescription />
      <PasswordConfirmationScreenAccountReset />
    </PasswordConfirmationScreenRoot>
  );
}

/**
 * The PasswordConfirmation screen: 'Success!' / 'You have successfully logged in.' after a password login,
 * creation or reset; emits AUTHENTICATE_FLOW_COMPLETE once. Inside `<SignIn>`.
 */
export function PasswordConfirmationScreen() {
  const value = usePasswordConfirmationScreen();
  return (
    <PasswordConfirmationScreenProvider value={value}>
      <PasswordConfirmationScreenLayout />
    </PasswordConfirmationScreenProvider>
  );
}
PasswordConfirmationScreen.Provider = PasswordConfirmationScreenProvider;
PasswordConfirmationScreen.Layout = PasswordConfirmationScreenLayout;
PasswordConfirmationScreen.Root = PasswordConfirmationScreenRoot;
PasswordConfirmationScreen.Icon = PasswordConfirmationScreenIcon;
PasswordConfirmationScreen.Title = PasswordConfirmationScreenTitle;
PasswordConfirmationScreen.Description = PasswordConfirmationScreenDescription;
PasswordConfirmationScreen.AccountReset = PasswordConfirmationScreenAccountReset;
