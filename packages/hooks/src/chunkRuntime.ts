// The hooks' share of what the kits' lazy chunks have in common (ui-unstyled's screens/shared/chunkRuntime.ts).
import { toFlowError } from './errors';
import { useFlowContext } from './flowContext';
import { useLatchkeyClient } from './latchkeyContext';
import { useSignInStore } from './storeContext';
import { isAuthenticatedPartially } from './transitionParts';
import { useEmailField } from './useEmailField';
import { useSingleFlightVerbs } from './useSingleFlight';

/**
 * @internal For the kits' chunk roots to re-export, never read: the flow context every flow hook runs on, the
 * store's context, the client's context, the error mapping, the transition helpers, the single-flight guard of every
 * flow's verbs and the email field of every email form (both in the first load too). A bundler puts a shared
 * module in the chunk of the set of entry points that reach it (esbuild and Rollup alike), so the code the lazy
 * chunks share stays one chunk only when every lazy chunk reaches all of it (the success screens, which call no
 * flow hook, included).
 *
 * The package's barrels re-export with `export * from` only: with esbuild, a named re-export
 * (`export { x } from './y'`) in a barrel a chunk reads through pulled every module behind that barrel into the
 * chunks that read it (measured with the kit-bundle bench: the whole of the hooks in the first load).
 */
export const HOOKS_CHUNK_RUNTIME: readonly unknown[] = [
  useFlowContext,
  useSignInStore,
  useLatchkeyClient,
  toFlowError,
  isAuthenticatedPartially,
  useSingleFlightVerbs,
  useEmailField,
];
