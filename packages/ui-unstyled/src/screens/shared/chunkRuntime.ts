// What every lazy chunk of the widget shares, named once: each chunk root (a product's `chunk.ts`, the outcome
// screens, the passkey registration screens) re-exports `CHUNK_RUNTIME`. A bundler puts a shared module in the chunk
// of the set of entry points that reach it (esbuild and Rollup alike), so a module only some chunks use becomes a
// chunk of its own, one request more on a first load. Every lazy chunk reaching all of these, they stay one chunk
// whichever chunks a configuration fetches. The identity provider's chunk re-exports them too: no `<SignIn>` fetches
// it, but esbuild writes it for every page, and while it reached only some of these, the rest were a file apart.
import { HOOKS_CHUNK_RUNTIME } from '@latchkey/hooks';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Spinner } from '../../components/Spinner';
import { useAuthenticateFlowComplete } from '../../components/useAuthenticateFlowComplete';
import { useMessages } from '../../messages/index';
import { createPart } from '../../primitives/createPart';
import { Slot } from '../../primitives/Slot';
import { EmailForm, useEmailForm } from '../Main/EmailForm';
import { createFieldFormParts, fieldValidityProps } from '../Main/fieldForm';
import { createScreenContext } from './screenContext';
import { useFocusAfterFailedSubmit } from './useFocusAfterFailedSubmit';

/** @internal The shared code of the widget's lazy chunks (see above), for the chunk roots to re-export; never read. */
export const CHUNK_RUNTIME: readonly unknown[] = [
  HOOKS_CHUNK_RUNTIME,
  ErrorMessage,
  Spinner,
  useMessages,
  createPart,
  Slot,
  createScreenContext,
  // The success screens' (the outcome screens' and each product's confirmation): a chunk of its own otherwise.
  useAuthenticateFlowComplete,
  // The email form (the Main screen's, and the passcode and password products' own), the field-form parts it is made
  // of, which the phone form shares, and the focus after a failed submit: each was a file of its own in every first
  // load, one request more each.
  EmailForm,
  useEmailForm,
  createFieldFormParts,
  fieldValidityProps,
  useFocusAfterFailedSubmit,
];
