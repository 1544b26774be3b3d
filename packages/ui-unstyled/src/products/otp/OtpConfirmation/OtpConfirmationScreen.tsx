import { createContext, forwardRef } from 'react';
import { createAccountResetPart } from '../../../components/AccountResetNotice';
import { SuccessIcon } from '../../../components/SuccessIcon';
import { useMessages } from '../../../messages/index';
import { createPart, type PartProps } from '../../../primitives/createPart';
import { otpMessages } from '../messages';
import { type UseOtpConfirmationScreenReturn, useOtpConfirmationScreen } from './useOtpConfirmationScreen';

const OtpConfirmationScreenContext = createContext<UseOtpConfirmationScreenReturn | null>(null);

/** Provides the OtpConfirmation screen's state (`useOtpConfirmationScreen()`, or `{}`) to its parts. */
export const OtpConfirmationScreenProvider = OtpConfirmationScreenContext.Provider;

const SCOPE = 'otp-confirmation';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');

/** The screen's container (`data-scope="otp-confirmation" data-part="root"`). */
export const OtpConfirmationScreenRoot = Root;

/** The heading 'Success!'. */
export const OtpConfirmationScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function OtpConfirmationScreenTitle(props, ref) {
    const t = useMessages(otpMessages);
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('otpConfirmation.title')}
      </Title>
    );
  },
);

/** 'Your passcode has been successfully verified.' */
export const OtpConfirmationScreenDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function OtpConfirmationScreenDescription(props, ref) {
    const t = useMessages(otpMessages);
    return (
      <Description {...props} ref={ref}>
        {props.children ?? t('otpConfirmation.description')}
      </Description>
    );
  },
);

/**
 * When the sign-in's proof ran the provider's pre-hijacking reset: what was removed and why
 * (`data-part="account-reset"`, role status); nothing otherwise.
 */
export const OtpConfirmationScreenAccountReset = createAccountResetPart('OtpConfirmationScreen', SCOPE);

/** The check graphic (`data-part="icon"`), decorative. */
export function OtpConfirmationScreenIcon() {
  return <SuccessIcon data-scope={SCOPE} />;
}

/** The default layout: check graphic, title, description, and the account-reset notice when there is one. */
export function OtpConfirmationScreenLayout() {
  return (
    <OtpConfirmationScreenRoot>
      <OtpConfirmationScreenIcon />
      <OtpConfirmationScreenTitle />
      <OtpConfirmationScreenDescription />
      <OtpConfirmationScreenAccountReset />
    </OtpConfirmationScreenRoot>
  );
}

/** The passcode success screen, OTPConfirmation: 'Success!' / 'Your passcode has been successfully verified.'; emits AUTHENTICATE_FLOW_COMPLETE once. */
export function OtpConfirmationScreen() {
  const value = useOtpConfirmationScreen();
  return (
    <OtpConfirmationScreenProvider value={value}>
      <OtpConfirmationScreenLayout />
    </OtpConfirmationScreenProvider>
  );
}
OtpConfirmationScreen.Provider = OtpConfirmationScreenProvider;
OtpConfirmationScreen.Layout = OtpConfirmationScreenLayout;
OtpConfirmationScreen.Root = OtpConfirmationScreenRoot;
OtpConfirmationScreen.Icon = OtpConfirmationScreenIcon;
OtpConfirmationScreen.Title = OtpConfirmationScreenTitle;
OtpConfirmationScreen.Description = OtpConfirmationScreenDescription;
OtpConfirmationScreen.AccountReset = OtpConfirmationScreenAccountReset;
