// Internal: where the focus goes after a form's submit failed (not exported from the package).
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a failed submit the focus goes to the form's field in error (`aria-invalid="true"`), however the form was
 * submitted: a click or Enter on the button would otherwise leave it on the button, or on the page body once the
 * button was disabled while the request ran. Call the returned function from the form's `onSubmit` with the form.
 */
export function useFocusAfterFailedSubmit(isPending: boolean, hasError: boolean): (form: HTMLFormElement) => void {
  const submitted = useRef<{ form: HTMLFormElement; hasBeenPending: boolean } | null>(null);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    const current = submitted.current;
    if (!current || submits === 0) return;
    if (isPending) {
      current.hasBeenPending = true;
      return;
    }
    if (!hasError) {
      // A flow can report its pending phase a commit late (the Main screen's email flows reach the form through a
      // binder's effect): the first run after the submit may see neither pending nor error. The form is forgotten
      // only once a pending phase has been seen and ended without an error.
      if (current.hasBeenPending) submitted.current = null;
      return;
    }
    submitted.current = null;
    const field = current.form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field && current.form.ownerDocument.activeElement !== field) field.focus();
  }, [submits, isPending, hasError]);
  return useCallback((form: HTMLFormElement) => {
    submitted.current = { form, hasBeenPending: false };
    setSubmits((count) => count + 1);
  }, []);
}
