// The parts of the transition table that the slices' rows and the flow hooks share (`transition.ts` re-exports
// them). This module imports no registry, so the lazy chunks that import it (a slice's rows, a flow hook, every
// chunk's runtime) leave the core table and the product descriptors in the first chunk.
import type { AccountReset } from '@latchkey/sdk';
import type { FormState, Screen } from './signInStore';
import type { TransitionTable, WidgetEvent } from './transition';

// Shared by several rows (the table is in every sign-in page's first load: each row costs bytes). Product slices
// import them too.
export const clearError = (): Partial<FormState> => ({ errorDescriptor: null });
export const storeDescriptor = (event: { descriptor: { messageId: string; message: string } }): Partial<FormState> => ({
  errorDescriptor: { ...event.descriptor },
});
/** What a sign-in's pre-hijacking reset removed, for the success screen (null: nothing). */
export const storeAccountReset = (event: { accountReset?: AccountReset }): Partial<FormState> => ({
  accountReset: event.accountReset ?? null,
});

/**
 * Whether the widget shows the screen that `event` leads to by the store's table (`isAwaiting` without the core
 * table's default: what the flow hooks ask of their store). False for an event the table has no row for.
 */
export function isShowing(
  state: { screen: Screen; transitions: TransitionTable },
  event: WidgetEvent['type'],
): boolean {
  return state.screen === state.transitions[event]?.to;
}

/**
 * Whether an SDK answer of a first factor authenticated the sign-in only partially: it carries an intermediate
 * session token and no session (the project requires a second factor). Flow hooks then dispatch
 * `authenticatedPartially` instead of their success event.
 */
export function isAuthenticatedPartially(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const { intermediate_session_token: intermediate, session_token: session } = answer as Record<string, unknown>;
  return typeof intermediate === 'string' && intermediate !== '' && !session;
}
