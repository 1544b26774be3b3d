import { createContext, forwardRef } from 'react';
import { SuccessIcon } from '../../../components/SuccessIcon';
import { useMessages } from '../../../messages/index';
import { createPart, type PartProps } from '../../../primitives/createPart';
import { passkeyMessages } from '../messages';
import { type UsePasskeyConfirmationScreenReturn, usePasskeyConfirmationScreen } from './usePasskeyConfirmationScreen';

const PasskeyConfirmationScreenContext = createContext<UsePasskeyConfirmationScreenReturn | null>(null);

/** Provides the PasskeyConfirmation screen's state (`usePasskeyConfirmationScreen()`, or `{}`) to its parts. */
export const PasskeyConfirmationScreenProvider = PasskeyConfirmationScreenContext.Provider;

const SCOPE = 'passkey-confirmation';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Description = createPart(SCOPE, 'description', 'p');

/** The screen's container (`data-scope="passkey-confirmation" data-part="root"`). */
export const PasskeyConfirmationScreenRoot = Root;

/** The heading 'Success!'. */
export const PasskeyConfirmationScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function PasskeyConfirmationScreenTitle(props, ref) {
    const t = useMessages(passkeyMessages);
    return (
      <Title tabIndex={-1} {...props} ref={ref}>
        {props.children ?? t('passkeyConfirmation.title')}
      </Title>
    );
  },
);

/** 'Your Passkey has been successfully authenticated.' */
export const PasskeyConfirmationScreenDescription = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function PasskeyConfirmationScreenDescription(props, ref) {
    const t = useMessages(passkeyMessages);
    return (
      <Description {...props} ref={ref}>
        {props.children ?? t('passkeyConfirmation.description')}
      </Description>
    );
  },
);

/** The check graphic (`data-part="icon"`), decorative. */
export function PasskeyConfirmationScreenIcon() {
  return <SuccessIcon data-scope={SCOPE} />;
}

/** The default layout: check graphic, title, description. */
export function PasskeyConfirmationScreenLayout() {
  return (
    <PasskeyConfirmationScreenRoot>
      <PasskeyConfirmationScreenIcon />
      <PasskeyConfirmationScreenTitle />
      <PasskeyConfirmationScreenDescription />
    </PasskeyConfirmationScreenRoot>
  );
}

/** The passkey success screen, PasskeyConfirmation: 'Success!' / 'Your Passkey has been successfully authenticated.'; emits AUTHENTICATE_FLOW_COMPLETE once. */
export function PasskeyConfirmationScreen() {
  const value = usePasskeyConfirmationScreen();
  return (
    <PasskeyConfirmationScreenProvider value={value}>
      <PasskeyConfirmationScreenLayout />
    </PasskeyConfirmationScreenProvider>
  );
}
PasskeyConfirmationScreen.Provider = PasskeyConfirmationScreenProvider;
PasskeyConfirmationScreen.Layout = PasskeyConfirmationScreenLayout;
PasskeyConfirmationScreen.Root = PasskeyConfirmationScreenRoot;
PasskeyConfirmationScreen.Icon = PasskeyConfirmationScreenIcon;
PasskeyConfirmationScreen.Title = PasskeyConfirmationScreenTitle;
PasskeyConfirmationScreen.Description = PasskeyConfirmationScreenDescription;
