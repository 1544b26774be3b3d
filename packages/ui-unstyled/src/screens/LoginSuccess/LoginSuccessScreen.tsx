import { createContext, forwardRef } from 'react';
import { createAccountResetPart } from '../../components/AccountResetNotice';
import { SuccessIcon } from '../../components/SuccessIcon';
import { useMessages } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { type UseLoginSuccessScreenReturn, useLoginSuccessScreen } from './useLoginSuccessScreen';

const LoginSuccessScreenContext = createContext<UseLoginSuccessScreenReturn | null>(null);

/** Provides the LoginSuccess screen's state (`useLoginSuccessScreen()`, or `{}`) to its parts. */
export const LoginSuccessScreenProvider = LoginSuccessScreenContext.Provider;

const SCOPE = 'login-success';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');

/** The screen's container (`data-scope="login-success" data-part="root"`). */
export const LoginSuccessScreenRoot = Root;

/** The heading 'Success!'. */
export const LoginSuccessScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function LoginSuccessScreenTitle(props, ref) {
    const t = useMessages();
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('loginSuccess.title')}
      </Title>
    );
  },
);

/** 'You have successfully logged in.' */
export const LoginSuccessScreenDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function LoginSuccessScreenDescription(props, ref) {
    const t = useMessages();
    return (
      <Description {...props} ref={ref}>
        {props.children ?? t('loginSuccess.description')}
      </Description>
    );
  },
);

/**
 * When the sign-in's proof (an emailed link) ran the provider's pre-hijacking reset: what was removed and why
 * (`data-part="account-reset"`, role status); nothing otherwise.
 */
export const LoginSuccessScreenAccountReset = createAccountResetPart('LoginSuccessScreen', SCOPE);

/** The check graphic (`data-part="icon"`), decorative. */
export function LoginSuccessScreenIcon() {
  return <SuccessIcon data-scope={SCOPE} />;
}

/** The default layout: check graphic, title, description, and the account-reset notice when there is one. */
export function LoginSuccessScreenLayout() {
  return (
    <LoginSuccessScreenRoot>
      <LoginSuccessScreenIcon />
      <LoginSuccessScreenTitle />
      <LoginSuccessScreenDescription />
      <LoginSuccessScreenAccountReset />
    </LoginSuccessScreenRoot>
  );
}

/** The login success screen: 'Success!' / 'You have successfully logged in.'; emits AUTHENTICATE_FLOW_COMPLETE once. */
export function LoginSuccessScreen() {
  const value = useLoginSuccessScreen();
  return (
    <LoginSuccessScreenProvider value={value}>
      <LoginSuccessScreenLayout />
    </LoginSuccessScreenProvider>
  );
}
LoginSuccessScreen.Provider = LoginSuccessScreenProvider;
LoginSuccessScreen.Layout = LoginSuccessScreenLayout;
LoginSuccessScreen.Root = LoginSuccessScreenRoot;
LoginSuccessScreen.Icon = LoginSuccessScreenIcon;
LoginSuccessScreen.Title = LoginSuccessScreenTitle;
LoginSuccessScreen.Description = LoginSuccessScreenDescription;
LoginSuccessScreen.AccountReset = LoginSuccessScreenAccountReset;
