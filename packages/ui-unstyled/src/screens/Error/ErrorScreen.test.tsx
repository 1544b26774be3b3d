import { createSignInStore, LatchkeyProvider, SignInStoreProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageMain } from '../../../test/renderSignIn';
import { errorText, MessagesProvider, messages } from '../../messages/index';
import { ErrorScreen } from './ErrorScreen';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';

async function renderErrorScreen(
  descriptor: { messageId: string; message: string },
  config?: Parameters<typeof createSignInStore>[0],
) {
  const env = await startTestEnvironment();
  const store = createSignInStore(config);
  store.getState().dispatch({ type: 'failed', descriptor });
  render(
    <LatchkeyProvider client={env.client}>
      <SignInStoreProvider store={store}>
        <MessagesProvider>
          <ErrorScreen />
        </MessagesProvider>
      </SignInStoreProvider>
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return store;
}

describe('ErrorScreen', () => {
  it('has no axe violations', async () => {
    await renderErrorScreen({ messageId: 'user_lock_limit_reached', message: 'x' });
    await expectNoAxeViolations();
  });

  it("shows 'Looks like there was an error!' and the catalogue's text for the error type", async () => {
    await renderErrorScreen({ messageId: 'user_lock_limit_reached', message: 'server wording' });
    expect(screen.getByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many failed authentication attempts. Please try again later.',
    );
  });

  it('shows a plain text for a link or sign-in started in another browser (pkce_mismatch)', async () => {
    await renderErrorScreen({
      messageId: 'pkce_mismatch',
      message: 'server wording mentioning its PKCE code_verifier',
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'This sign-in was started in another browser or on another device, so it cannot finish here. Open the link in the browser where you asked for it, or start again here.',
    );
  });

  it("falls back to the server's message, with only its http(s) URLs as links", async () => {
    await renderErrorScreen({
      messageId: 'weird_error',
      message: 'See https://status.example.com. Never javascript:alert(1).',
    });
    expect(screen.getByRole('alert').textContent).toBe('See https://status.example.com. Never javascript:alert(1).');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://status.example.com/']);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('goes back to Main with the back control', async () => {
    const store = await renderErrorScreen({ messageId: 'session_not_found', message: 'x' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState().screen).toBe('Main');
    expect(store.getState().formState.errorDescriptor).toBeNull();
  });
});

/** The specification's error catalogue (widget spec, section 8), verbatim: all 22 rows. */
const SPEC_ERROR_CATALOGUE: readonly (readonly [string, string])[] = [
  ['invalid_email', 'Email format is invalid.'],
  ['invalid_phone_number', 'Phone number format is invalid. Ensure the phone number is in the E.164 format.'],
  ['unsubscribed_phone_number', "Phone number is unsubscribed; resubscribe by texting 'START'."],
  [
    'inactive_email',
    'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  ],
  ['unauthorized_credentials', 'Unauthorized credentials.'],
  ['user_unauthenticated', 'Must have an active session to call this method. Have you logged in yet?'],
  ['email_not_found', 'Email not found.'],
  [
    'unable_to_auth_magic_link',
    'The magic link could not be authenticated because it was either already used or expired.',
  ],
  ['no_user_password', 'Password not found for this user. Please try again.'],
  ['breached_password', 'Password appears in the list of breached passwords and must be reset.'],
  ['reset_password', 'Password must be reset.'],
  ['oauth_token_not_found', 'OAuth Token could not be found.'],
  ['invalid_code', 'Code format is invalid, please try again.'],
  ['member_password_not_found', 'Member password not found.'],
  ['oauth_flow_callback_error', 'An error was encountered in the callback of the OAuth flow. Please try again.'],
  ['unauthorized_action', 'Unauthorized action.'],
  ['user_lock_limit_reached', 'Too many failed authentication attempts. Please try again later.'],
  ['invalid_session_token', 'Invalid session token.'],
  ['session_not_found', 'Session not found.'],
  ['invalid_phone_number_country_code', "The phone number's country code is invalid, unsupported, or disabled."],
  ['otp_code_not_found', 'Invalid passcode, please try again.'],
  ['duplicate_member_phone_number', 'A member with the specified phone number already exists for this organization.'],
];

describe('the error catalogue', () => {
  it('has the 22 rows of the specification', () => {
    expect(SPEC_ERROR_CATALOGUE).toHaveLength(22);
    expect(new Set(SPEC_ERROR_CATALOGUE.map(([type]) => type)).size).toBe(22);
  });

  it.each(SPEC_ERROR_CATALOGUE)('the kits show the spec text for %s', (type, text) => {
    const t = (id: string) => (messages.en as Record<string, string>)[id] ?? id;
    expect(errorText(t as never, { type, message: 'the server wording' })).toBe(text);
  });
});

describe('ErrorScreen back control', () => {
  it('is hidden with style.hideErrorBackButton (the spec: an optional back control)', async () => {
    await renderErrorScreen({ messageId: 'session_not_found', message: 'x' }, { style: { hideErrorBackButton: true } });
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Session not found.');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('ErrorScreen examples', () => {
  it.each([
    ['basic', BasicExample],
    ['error', ErrorExample],
    ['loading', LoadingExample],
    ['custom-layout', CustomLayoutExample],
  ] as const)('the %s example renders without axe violations', async (_, Example) => {
    render(<Example />, { container: pageMain() });
    await expectNoAxeViolations();
  });
});
