import { Spinner } from '../../../components/Spinner';
import { ErrorScreen } from '../ErrorScreen';

/** The error screen has no loading state of its own; this is its title with a spinner in place of the message. */
export default function ErrorScreenLoadingExample() {
  return (
    <ErrorScreen.Provider value={{ message: '', canGoBack: true, back: () => {} }}>
      <ErrorScreen.Root>
        <ErrorScreen.Title />
        <Spinner />
      </ErrorScreen.Root>
    </ErrorScreen.Provider>
  );
}
