import { ErrorScreen } from '../ErrorScreen';

/** The error screen with a catalogue message. */
export default function ErrorScreenBasicExample() {
  return (
    <ErrorScreen.Provider
      value={{
        message: 'Too many failed authentication attempts. Please try again later.',
        canGoBack: true,
        back: () => {},
      }}
    >
      <ErrorScreen.Layout />
    </ErrorScreen.Provider>
  );
}
