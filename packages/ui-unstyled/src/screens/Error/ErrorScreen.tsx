import { createContext, forwardRef, useContext } from 'react';
import { BackButton, type BackButtonProps } from '../../components/BackButton';
import { linkifyText } from '../../components/ErrorMessage';
import { useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { type UseErrorScreenReturn, useErrorScreen } from './useErrorScreen';

const ErrorScreenContext = createContext<UseErrorScreenReturn | null>(null);

function useErrorScreenContext(): UseErrorScreenReturn {
  const value = useContext(ErrorScreenContext);
  if (!value) throw new Error('ErrorScreen parts must be used within <ErrorScreen.Provider>');
  return value;
}

/** Provides the error screen's state (`useErrorScreen()`, or a fixed value) to its parts. */
export const ErrorScreenProvider = ErrorScreenContext.Provider;

const SCOPE = 'error';
const Root = createPart(SCOPE, 'root', 'div');
const Title = createPart(SCOPE, 'title', 'h2');
const Message = createPart(SCOPE, 'message', 'p');

/** The screen's container (`data-scope="error" data-part="root"`). */
export const ErrorScreenRoot = Root;

/** The back control to Main (`data-part="back"`), when offered. */
export const ErrorScreenBack = forwardRef<HTMLButtonElement, BackButtonProps>(function ErrorScreenBack(props, ref) {
  const screen = useErrorScreenContext();
  if (!screen.canGoBack) return null;
  return (
    <BackButton
      data-scope={SCOPE}
      data-part="back"
      {...props}
      onClick={composeEventHandlers(props.onClick, () => screen.back())}
      ref={ref}
    />
  );
});

/** The heading 'Looks like there was an error!'. */
export const ErrorScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(function ErrorScreenTitle(props, ref) {
  const t = useMessages();
  return (
    <Title tabIndex={-1} {...props} ref={ref}>
      {props.children ?? t('errorScreen.title')}
    </Title>
  );
});

/** The error's text (`data-part="message"`, role alert); http(s) URLs in it are links. */
export const ErrorScreenMessage = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function ErrorScreenMessage(props, ref) {
    const screen = useErrorScreenContext();
    return (
      <Message role="alert" {...props} ref={ref}>
        {props.children ?? linkifyText(screen.message)}
      </Message>
    );
  },
);

/** The default layout: back, title, message. */
export function ErrorScreenLayout() {
  return (
    <ErrorScreenRoot>
      <ErrorScreenBack />
      <ErrorScreenTitle />
      <ErrorScreenMessage />
    </ErrorScreenRoot>
  );
}

/** The error screen (spec §2): 'Looks like there was an error!', the message and a back control. Inside `<SignIn>`. */
export function ErrorScreen() {
  const value = useErrorScreen();
  return (
    <ErrorScreenProvider value={value}>
      <ErrorScreenLayout />
    </ErrorScreenProvider>
  );
}
ErrorScreen.Provider = ErrorScreenProvider;
ErrorScreen.Layout = ErrorScreenLayout;
ErrorScreen.Root = ErrorScreenRoot;
ErrorScreen.Back = ErrorScreenBack;
ErrorScreen.Title = ErrorScreenTitle;
ErrorScreen.Message = ErrorScreenMessage;
