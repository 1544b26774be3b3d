import { IDPLogoutScreen } from '../IDPLogoutScreen';
import { exampleLogout } from './fixtures';

/** The client does not allow this post-logout redirect URI: the server's message on the error screen. */
export default function IDPLogoutErrorExample() {
  return (
    <IDPLogoutScreen.Provider
      value={exampleLogout({
        status: 'error',
        view: 'error',
        errorMessage: 'post_logout_redirect_uri is not one of the post-logout redirect URIs registered for the client.',
      })}
    >
      <IDPLogoutScreen.Layout />
    </IDPLogoutScreen.Provider>
  );
}
