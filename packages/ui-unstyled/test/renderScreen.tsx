// Renders one screen inside a `<SignIn>` store and `<LatchkeyProvider>` against the real provider in-process, and
// checks a screen's examples with axe: the setup the screens' tests share.
import {
  CRYPTO_TRANSITIONS,
  createSignInStore,
  type LatchkeyEvent,
  LatchkeyProvider,
  OTP_TRANSITIONS,
  PASSWORD_TRANSITIONS,
  type PasswordUserType,
  type SignInConfig,
  type SignInStore,
  SignInStoreProvider,
} from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import { type RenderResult, render } from '@testing-library/react';
import { type ComponentType, type ReactElement, StrictMode } from 'react';
import { type Mock, vi } from 'vitest';
import { pageMain } from './renderSignIn';

// The rows of the slice events `prepare` functions dispatch (a flow hook brings its slice's rows with its events).
const SLICE_TRANSITIONS = [OTP_TRANSITIONS, PASSWORD_TRANSITIONS, CRYPTO_TRANSITIONS];

export interface RenderScreenOptions {
  /** The `<SignIn>` configuration of the store. */
  config?: SignInConfig;
  /** Moves the fresh store to the screen under test before it renders. */
  prepare?: (store: SignInStore) => void;
  /** Renders inside `<StrictMode>`, so effects run twice as in development. */
  strict?: boolean;
}

export interface RenderedScreen extends RenderResult {
  env: TestEnvironment;
  store: SignInStore;
  /** The store's `onEvent` callback. */
  onEvent: Mock<(event: LatchkeyEvent) => void>;
}

/** Starts a provider and a client and renders `screen` inside a fresh sign-in store, in a `<main>` landmark. */
export async function renderScreen(screen: ReactElement, options: RenderScreenOptions = {}): Promise<RenderedScreen> {
  const env = await startTestEnvironment();
  const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
  // `prepare` dispatches the slices' events before any of their hooks could bring the rows: the store holds them all.
  const store = createSignInStore(options.config ?? {}, { onEvent }, 'Main', { transitions: SLICE_TRANSITIONS });
  options.prepare?.(store);
  const tree = (
    <LatchkeyProvider client={env.client}>
      <SignInStoreProvider store={store}>{screen}</SignInStoreProvider>
    </LatchkeyProvider>
  );
  const result = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree, { container: pageMain() });
  return { env, store, onEvent, ...result };
}

/**
 * A `prepare` for `renderScreen`: the password flow found `email` (a `userType` user) and sent a reset email for
 * `reason`, the way usePasswordFlow reaches PasswordForgot, PasswordBreached, PasswordDedupe and PasswordSetNew.
 */
export function afterPasswordResetSent(
  reason: 'forgot' | 'breached' | 'dedupe' | 'setNew',
  email = 'ada@example.com',
  userType: PasswordUserType = 'password',
): (store: SignInStore) => void {
  return (store) => {
    store.getState().dispatch({ type: 'passwordUserFound', email, userType });
    store.getState().dispatch({ type: 'passwordResetSent', reason, email });
  };
}

/** Renders each example, with its fixed Provider value, into its own `<main>` and checks it with axe. */
export async function expectExamplesHaveNoAxeViolations(examples: ComponentType[]): Promise<void> {
  for (const Example of examples) {
    const container = pageMain();
    const { unmount } = render(<Example />, { container });
    await expectNoAxeViolations();
    unmount();
    container.remove();
  }
}
