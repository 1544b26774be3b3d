import { createSignInStore, LatchkeyProvider, SignInStoreProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageMain } from '../../../test/renderSignIn';
import { MessagesProvider } from '../../messages/index';
import { ErrorScreen } from './ErrorScreen';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';

async function renderErrorScreen(descriptor: { messageId: string; message: string }) {
  const env = await startTestEnvironment();
  const store = createSignInStore();
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
