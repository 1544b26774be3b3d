// Internal: where the focus goes after a form's submit failed (not exported from the package).
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a failed submit the focus goes to the form's field in error (`aria-invalid="true"`), however the form was
 * submitted: a click or Enter on the button would otherwise leave it on the button, or on the page body once the
 * button was disabled while the request ran. Call the returned function from the form's `onSubmit` with the form.
 */
export function useFocusAfterFailedSubmit(isPending: boolean, hasError: boolean): (form: HTMLFormElement) => void {
  const submitted = useRef<HTMLFormElement | null>(null);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    const element = submitted.current;
    if (!element || submits === 0 || isPending) return;
    submitted.current = null;
    if (!hasError) return;
    const field = element.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field && element.ownerDocument.activeElement !== field) field.focus();
  }, [submits, isPending, hasError]);
  return useCallback((form: HTMLFormElement) => {
    submitted.current = form;
    setSubmits((count) => count + 1);
  }, []);
}
