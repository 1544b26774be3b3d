import { forwardRef } from 'react';
import { useMessages } from '../messages/index';
import type { PartProps } from '../primitives/createPart';
import { createPart } from '../primitives/createPart';

const SpinnerRoot = createPart('spinner', 'root', 'span');

/** Props of `Spinner`. */
export interface SpinnerProps extends PartProps<'span'> {
  /** The accessible name; default the 'Loading' message. */
  label?: string;
}

/**
 * A busy indicator: `<span role="status" aria-label="Loading" data-scope="spinner" data-part="root">`. It has no
 * visual of its own here; the themed kit draws it from the `data-*` selector.
 */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner({ label, ...props }, ref) {
  const t = useMessages();
  return <SpinnerRoot role="status" aria-label={label ?? t('common.loading')} {...props} ref={ref} />;
});
