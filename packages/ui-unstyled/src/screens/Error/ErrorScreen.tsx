import { forwardRef } from 'react';
import { linkifyText } from '../../components/ErrorMessage';
import { createPart, type PartProps } from '../../primitives/createPart';
import { createScreenContext } from '../shared/screenContext';
import { createBackPart, createMessagePart } from '../shared/screenParts';
import { type UseErrorScreenReturn, useErrorScreen } from './useErrorScreen';

const { Provider, useScreenContext: useErrorScreenContext } = createScreenContext<UseErrorScreenReturn>('ErrorScreen');

/** Provides the error screen's state (`useErrorScreen()`, or a fixed value) to its parts. */
export const ErrorScreenProvider = Provider;

const SCOPE = 'error';
const Root = createPart(SCOPE, 'root', 'div');
const Message = createPart(SCOPE, 'message', 'p');

/** The screen's container (`data-scope="error" data-part="root"`). */
export const ErrorScreenRoot = Root;

/** The back control to Main (`data-part="back"`), when offered. */
export const ErrorScreenBack = createBackPart('ErrorScreen', SCOPE, useErrorScreenContext);

/** The heading 'Looks like there was an error!'. */
export const ErrorScreenTitle = createMessagePart(SCOPE, 'title', 'h2', 'errorScreen.title', { tabIndex: -1 });
ErrorScreenTitle.displayName = 'ErrorScreenTitle';

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

/** The error screen: 'Looks like there was an error!', the message and a back control. Inside `<SignIn>`. */
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
