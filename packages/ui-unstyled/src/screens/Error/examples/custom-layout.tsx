import { ErrorScreen } from '../ErrorScreen';

/** A re-arranged error screen: the message first, the back control as a worded button. */
export default function ErrorScreenCustomLayoutExample() {
  return (
    <ErrorScreen.Provider value={{ message: 'Session not found.', canGoBack: true, back: () => {} }}>
      <ErrorScreen.Root>
        <ErrorScreen.Message />
        <ErrorScreen.Title />
        <ErrorScreen.Back aria-label={undefined}>Start again</ErrorScreen.Back>
      </ErrorScreen.Root>
    </ErrorScreen.Provider>
  );
}
