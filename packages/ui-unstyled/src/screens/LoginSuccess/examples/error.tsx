import { ErrorScreen } from '../../Error/ErrorScreen';

/** The success screen has no error state of its own: a sign-in that fails shows the error screen instead. */
export default function LoginSuccessErrorExample() {
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
