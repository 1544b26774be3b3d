import { ErrorScreen } from '../../Error/ErrorScreen';

/** The success screen has no error state of its own: a sign-in that fails shows the error screen instead. */
export default function LoginSuccessErrorExample() {
  return (
    <ErrorScreen.Provider
      value={{
        message: 'The magic link could not be authenticated because it was either already used or expired.',
        canGoBack: true,
        back: () => {},
      }}
    >
      <ErrorScreen.Layout />
    </ErrorScreen.Provider>
  );
}
