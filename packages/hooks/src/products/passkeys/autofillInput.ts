// Passkey autofill needs its input in the page before the conditional request is made: the browser looks for an
// input with `autocomplete="… webauthn"` at that moment, and a request made before it exists fails (and autofill
// then gives up for good). A form can arrive after the hook starts: a tab's form in a chunk of its own, a
// Suspense boundary, a custom UI that renders its field later.

/** How long autofill waits for its input to be in the page before it is armed anyway (and fails, if none). */
export const AUTOFILL_INPUT_WAIT_MS = 3_000;

const hasAutofillInput = () => document.querySelector("input[autocomplete$='webauthn']") !== null;

/**
 * Resolves once an input with `autocomplete="… webauthn"` is in the document, or after AUTOFILL_INPUT_WAIT_MS
 * without one (an input inside a shadow root, which the document cannot see, but the browser's request may): true
 * then. False when `signal` aborts first.
 */
export function whenAutofillInputInPage(signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (hasAutofillInput()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (found: boolean) => {
      observer.disconnect();
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(found);
    };
    const onAbort = () => settle(false);
    const observer = new MutationObserver(() => {
      if (hasAutofillInput()) settle(true);
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['autocomplete'] });
    const timer = setTimeout(() => settle(true), AUTOFILL_INPUT_WAIT_MS);
    signal.addEventListener('abort', onAbort);
  });
}
