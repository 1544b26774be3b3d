import { useCallback, useState, useSyncExternalStore } from 'react';
import { type LatchkeyFlowError, toFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { resolveSessionDuration, useFlowContext, useLatest, useStoreSlice } from '../../flowContext';
import type { Screen, SignInStore } from '../../signInStore';
import { cryptoConnectError, cryptoSignError } from './cryptoErrors';
import { CRYPTO_TRANSITIONS } from './transitions';
import { connectWallet, signChallenge } from './walletSigning';
import type { DetectedWallet, WalletOption } from './wallets';

/** Options of `useCryptoWalletFlow`. Inside a `<SignIn>`, the store's `onEvent`/`onError` are called as well. */
export interface UseCryptoWalletFlowOptions extends SignInCallbacks {
  /** Default: the store's sessionOptions, else 30. */
  sessionDurationMinutes?: number;
}

/** What `useCryptoWalletFlow` returns. */
export interface UseCryptoWalletFlowReturn {
  /**
   * `connecting`: the wallet's account pop-up (and the challenge request); `signing`: its signature pop-up (and the
   * sign-in request); `success`: signed in. Inside a `<SignIn>`, by screen: CryptoConnect, CryptoSignMessage,
   * CryptoConfirmation, CryptoError; any other screen is `idle`.
   */
  status: 'idle' | 'connecting' | 'signing' | 'success' | 'error';
  /** Why the attempt failed: CRYPTO_CONNECT_ERROR, CRYPTO_SIGN_ERROR or the provider's refusal. Null unless `error`. */
  error: LatchkeyFlowError | null;
  /** Inside a <SignIn>: the store's cryptoState; standalone: the running attempt's. null before a wallet is chosen. */
  walletOption: WalletOption | null;
  /** The address the wallet gave (Ethereum `0x…`, Solana base58), once it gave one. */
  walletAddress: string | null;
  /** The provider's message the wallet is asked to sign, once received. */
  challenge: string | null;
  /** The whole flow with `wallet`: connect (account request) → cryptoWallets.authenticateStart → sign (personal_sign / signMessage + bs58) → cryptoWallets.authenticate. Resolves true once signed in; never rejects. */
  start(wallet: DetectedWallet): Promise<boolean>;
  /** Abandons the running attempt (its late answers change nothing: no dispatch, no state change) and returns to idle. */
  cancel(): void;
}

type Status = UseCryptoWalletFlowReturn['status'];

/** One attempt's state (standalone, what the hook returns). */
interface AttemptState {
  status: Status;
  error: LatchkeyFlowError | null;
  walletOption: WalletOption | null;
  walletAddress: string | null;
  challenge: string | null;
}

const IDLE: AttemptState = { status: 'idle', error: null, walletOption: null, walletAddress: null, challenge: null };

/** A running attempt; `screen`: the screen it last put up (inside a `<SignIn>`). */
interface Attempt {
  screen: Screen | null;
}

/**
 * The attempt of one `<SignIn>` (or of one standalone hook). Inside a `<SignIn>` every instance shares it: the Main
 * screen's button starts the attempt and unmounts at once, the CryptoConnect screen's back arrow may abandon it.
 */
class AttemptSlot {
  state: AttemptState = IDLE;
  private current: Attempt | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = () => this.state;

  /**
   * Whether `attempt` may still act: it is the latest one, not cancelled, and (inside a `<SignIn>`) the widget still
   * shows the screen it put up. The back arrow leaves the screen: from then on the attempt moves nothing.
   */
  isLive(attempt: Attempt, store: SignInStore | null): boolean {
    return this.current === attempt && (store === null || store.getState().screen === attempt.screen);
  }

  /** Whether an attempt is waiting for a wallet or the provider (a second `start` is then ignored). */
  isRunning(store: SignInStore | null): boolean {
    const running = this.state.status === 'connecting' || this.state.status === 'signing';
    return running && this.current !== null && this.isLive(this.current, store);
  }

  begin(walletOption: WalletOption): Attempt {
    const attempt: Attempt = { screen: null };
    this.current = attempt;
    this.set({ ...IDLE, status: 'connecting', walletOption });
    return attempt;
  }

  update(attempt: Attempt, change: Partial<AttemptState>): void {
    if (this.current === attempt) this.set({ ...this.state, ...change });
  }

  abandon(): void {
    this.current = null;
    this.set(IDLE);
  }

  private set(state: AttemptState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

const storeSlots = new WeakMap<SignInStore, AttemptSlot>();

function slotOf(store: SignInStore): AttemptSlot {
  let slot = storeSlots.get(store);
  if (!slot) {
    slot = new AttemptSlot();
    storeSlots.set(store, slot);
  }
  return slot;
}

const STATUS_BY_SCREEN: Partial<Record<Screen, Status>> = {
  CryptoConnect: 'connecting',
  CryptoSignMessage: 'signing',
  CryptoConfirmation: 'success',
  CryptoError: 'error',
};

/** The screens `cancel()` leaves for Main, as their back arrow does. */
const SCREENS_WITH_BACK: readonly Screen[] = ['CryptoConnect', 'CryptoSignMessage', 'CryptoError'];

/**
 * Crypto wallet sign-in: `start(wallet)` with a wallet from `useWallets` asks it for its account,
 * the provider for a challenge, the wallet for its signature, and the provider for the session. Inside a `<SignIn>`
 * it moves Main → CryptoConnect → CryptoSignMessage → CryptoConfirmation (whose success screen emits
 * AUTHENTICATE_FLOW_COMPLETE, or goes on to the second factor), and to CryptoError on any failure; the back arrow
 * ('back', or `cancel()`) abandons the attempt. A refused pop-up reports CRYPTO_CONNECT_ERROR / CRYPTO_SIGN_ERROR.
 */
export function useCryptoWalletFlow(options: UseCryptoWalletFlowOptions = {}): UseCryptoWalletFlowReturn {
  const ctx = useFlowContext({ onEvent: options.onEvent, onError: options.onError }, CRYPTO_TRANSITIONS);
  const optionsRef = useLatest(options);
  const [ownSlot] = useState(() => new AttemptSlot());
  const { store } = ctx;
  const slot = store ? slotOf(store) : ownSlot;
  const attempt = useSyncExternalStore(slot.subscribe, slot.getSnapshot, slot.getSnapshot);
  const screen = useStoreSlice(store, (s) => s.screen, null);
  const cryptoState = useStoreSlice(store, (s) => s.formState.cryptoState, null);
  const descriptor = useStoreSlice(store, (s) => s.formState.errorDescriptor, null);

  const start = useCallback(
    async (wallet: DetectedWallet): Promise<boolean> => {
      // One pop-up at a time: a double click, or a second button while the first wallet is open.
      if (slot.isRunning(store)) return false;
      const current = slot.begin(wallet.option);
      const isLive = () => slot.isLive(current, store);
      const show = (event: Parameters<typeof ctx.dispatch>[0], screen: Screen) => {
        ctx.dispatch(event);
        current.screen = screen;
      };
      const fail = (error: LatchkeyFlowError): false => {
        // An abandoned attempt reports nothing: the user has left it.
        if (!isLive()) return false;
        slot.update(current, { status: 'error', error });
        show({ type: 'cryptoFailed', descriptor: { messageId: error.type, message: error.message } }, 'CryptoError');
        ctx.fail(error);
        return false;
      };

      show({ type: 'cryptoWalletChosen', walletOption: wallet.option }, 'CryptoConnect');
      // Nothing is awaited before the account request: wallets and pop-up blockers want it inside the click.
      let address: string;
      try {
        address = await connectWallet(wallet);
      } catch (caught) {
        return fail(cryptoConnectError(caught));
      }
      if (!isLive()) return false;

      let challenge: string;
      try {
        ({ challenge } = await ctx.client.cryptoWallets.authenticateStart({
          crypto_wallet_address: address,
          crypto_wallet_type: wallet.type,
        }));
      } catch (caught) {
        return fail(toFlowError(caught));
      }
      if (!isLive()) return false;
      slot.update(current, { status: 'signing', walletAddress: address, challenge });
      show(
        { type: 'cryptoChallengeReceived', walletAddress: address, walletChallenge: challenge },
        'CryptoSignMessage',
      );

      let signature: string;
      try {
        signature = await signChallenge(wallet, address, challenge);
      } catch (caught) {
        return fail(cryptoSignError(caught));
      }
      // A signature that arrives after the user went back is never sent: the sign-in they left does not happen.
      if (!isLive()) return false;

      let answer: unknown;
      try {
        answer = await ctx.client.cryptoWallets.authenticate({
          crypto_wallet_address: address,
          crypto_wallet_type: wallet.type,
          signature,
          session_duration_minutes: resolveSessionDuration(ctx, optionsRef.current.sessionDurationMinutes),
        });
      } catch (caught) {
        return fail(toFlowError(caught));
      }
      // Signed in (the session exists) even if the screen was left during this last request; then nothing moves.
      if (!isLive()) return true;
      slot.update(current, { status: 'success', error: null });
      // A project requiring a second factor answers with an intermediate session: the store's table says what follows.
      ctx.authenticated(answer, { type: 'cryptoAuthenticated' });
      current.screen = 'CryptoConfirmation';
      return true;
    },
    [ctx, slot, store, optionsRef],
  );

  const cancel = useCallback(() => {
    slot.abandon();
    // Inside a <SignIn>, cancelling is the back arrow.
    if (store && SCREENS_WITH_BACK.includes(store.getState().screen)) ctx.dispatch({ type: 'back' });
  }, [ctx, slot, store]);

  if (!store || cryptoState === null) return { ...attempt, start, cancel };

  const status = (screen && STATUS_BY_SCREEN[screen]) ?? 'idle';
  // A screen mounted after the failure (CryptoError) reads the error the attempt stored, else the descriptor.
  const storedError = descriptor ? { type: descriptor.messageId, message: descriptor.message } : null;
  return {
    status,
    error: status === 'error' ? (attempt.error ?? storedError) : null,
    walletOption: status !== 'idle' || attempt.walletOption !== null ? cryptoState.walletOption : null,
    walletAddress: cryptoState.walletAddress || null,
    challenge: cryptoState.walletChallenge || null,
    start,
    cancel,
  };
}
