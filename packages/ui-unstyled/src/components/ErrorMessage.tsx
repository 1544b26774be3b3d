import { type ElementType, forwardRef, type ReactNode } from 'react';
import { errorText, useErrorMessagesPending, useMessages } from '../messages/index';
import type { PartProps } from '../primitives/createPart';
import { Slot } from '../primitives/Slot';

// Only http(s) URLs become links (a link must not run script); `javascript:`, `data:` and other schemes stay text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation right after a URL belongs to the sentence, not to the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** `candidate` as an absolute http(s) URL, else null: what may become an `href` or `src`. */
export function safeHttpUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits `text` into plain strings and `<a target="_blank" rel="noopener noreferrer">` elements for every
 * http(s) URL in it (links to provider URLs inside error text are clickable). Never produces HTML.
 */
export function linkifyText(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = safeHttpUrl(raw);
    if (href === null) continue;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer" data-scope="error-message" data-part="link">
        {raw}
      </a>,
    );
    last = start + raw.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** An error as the screens receive it: a flow error (`{ type, message }`) or a ready text. */
export type ErrorMessageValue = { type: string; message: string } | string | null | undefined;

/** Props of `ErrorMessage`. */
export interface ErrorMessageProps extends Omit<PartProps<'p'>, 'children'> {
  /** The error to show: its catalogue text by `error_type`, else its own message. Nothing renders when empty. */
  error: ErrorMessageValue;
}

/**
 * An error message in a `role="alert"` paragraph (`data-scope="error-message" data-part="root"`, overridable by
 * passing `data-scope`/`data-part`). The text is the catalogue's for the error type, else the server's message;
 * http(s) URLs in it become links opening a new tab. Renders nothing when there is no error, and a flow error
 * once the error catalogue's chunk is in (`loadErrorMessages`).
 */
export const ErrorMessage = forwardRef<HTMLParagraphElement, ErrorMessageProps>(function ErrorMessage(
  { error, asChild, ...props },
  ref,
) {
  const t = useMessages();
  const isCataloguePending = useErrorMessagesPending();
  if (error === null || error === undefined || error === '') return null;
  // A flow error's text is in the error catalogue's chunk (fetched after the widget's first render): until it is
  // in, nothing shows rather than the id or the server's wording.
  if (typeof error !== 'string' && isCataloguePending) return null;
  const text = typeof error === 'string' ? error : errorText(t, error);
  const Component: ElementType = asChild ? Slot : 'p';
  return (
    <Component role="alert" data-scope="error-message" data-part="root" {...props} ref={ref}>
      {linkifyText(text)}
    </Component>
  );
});
