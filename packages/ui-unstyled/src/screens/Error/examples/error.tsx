import { ErrorScreen } from '../ErrorScreen';

/** A server message with a link (made clickable because it is https) and no back control. */
export default function ErrorScreenErrorExample() {
  return (
    <ErrorScreen.Provider
      value={{
        message: 'This sign-in method is not enabled. See https://github.com/latchkey/latchkey for setup.',
        canGoBack: false,
        back: () => {},
      }}
    >
      <ErrorScreen.Layout />
    </ErrorScreen.Provider>
  );
}
