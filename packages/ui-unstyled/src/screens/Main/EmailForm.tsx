import { type LatchkeyFlowError, useEmailField, useOptionalSignInStore } from '@latchkey/hooks';
import { createContext, forwardRef, useCallback, useContext, useEffect, useId, useRef } from 'react';
import type { ErrorMessageValue } from '../../components/ErrorMessage';
import { useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { createFieldFormParts, fieldValidityProps } from './fieldForm';
import type { EmailFormKind } from './useMainScreen';

/** Options of `useEmailForm`: the flow behind the form. */
export interface UseEmailFormOptions {
  kind: EmailFormKind;
  /** The text of a failed format check ('Invalid email address.' for passcodes, 'Email format is invalid.' else). */
  invalidMessage: string;
  /** Runs the flow once the email passed the format check. */
  submitEmail: (email: string) => Promise<unknown>;
  /** The flow is sending. */
  isPending: boolean;
  /** The flow's last error. */
  flowError: LatchkeyFlowError | null;
  /** Clears the flow's error (called when the user edits the email). */
  resetFlow?: () => void;
}

/**
 * What a product's email flow gives the email form: every option of `useEmailForm` but `kind` (each product's
 * `use<Product>EmailFlow()` returns one, e.g. `useOtpEmailFlow()`).
 */
export type EmailFlowBinding = Omit<UseEmailFormOptions, 'kind'>;

/** Props of an email-flow binder (`createEmailFlowBinder`). */
export interface EmailFlowBinderProps {
  /** Receives the flow's binding each time its state changes (its functions are stable). */
  onBind: (binding: EmailFlowBinding) => void;
}

/**
 * Makes a component that runs a product's email flow (`useFlow`) and reports it to `onBind`, rendering nothing.
 * The Main screen renders the email field from the first chunk and binds it to the flow once the product's chunk
 * (which holds the flow and this binder) has arrived, so the field shows without waiting for that download.
 */
export function createEmailFlowBinder(useFlow: () => EmailFlowBinding) {
  // biome-ignore lint/correctness/noComponentHookFactories: each product makes its binder once, at module level.
  return function EmailFlowBinder({ onBind }: EmailFlowBinderProps) {
    const flow = useFlow();
    // The functions go through the latest flow, so the binding changes only when what it shows changes.
    const latest = useRef(flow);
    latest.current = flow;
    const { invalidMessage, isPending, flowError } = flow;
    useEffect(() => {
      onBind({
        invalidMessage,
        isPending,
        flowError,
        submitEmail: (email) => latest.current.submitEmail(email),
        resetFlow: () => latest.current.resetFlow?.(),
      });
    }, [onBind, invalidMessage, isPending, flowError]);
    return null;
  };
}

/** What `useEmailForm` returns: the state of the email form's parts. */
export interface UseEmailFormReturn {
  kind: EmailFormKind;
  /** The text in the field. */
  value: string;
  setValue: (value: string) => void;
  /** The error under the field: the format check's text or the flow's error. Emitted as `data-invalid`. */
  error: ErrorMessageValue;
  /** Sending: the submit button is disabled and shows a spinner. Emitted as `data-pending`. */
  isPending: boolean;
  /** The input's id (for the label). */
  inputId: string;
  /** The error's id (for `aria-describedby`). */
  errorId: string;
  /** Checks the format (reporting a failure to `onError`), then runs the flow. */
  submit: () => Promise<void>;
}

/** The email form's state around one flow (magic link, email passcode or password user search). */
export function useEmailForm(options: UseEmailFormOptions): UseEmailFormReturn {
  const { kind, invalidMessage, submitEmail, isPending, flowError, resetFlow } = options;
  const store = useOptionalSignInStore();
  const field = useEmailField({
    invalidMessage,
    // The failure is also reported to the error callback.
    onError: (error) => store?.getState().callbacks.onError?.(error),
  });
  const id = useId();
  const { validate, value, setValue: setFieldValue } = field;
  const hasFlowError = flowError !== null;
  const setValue = useCallback(
    (next: string) => {
      setFieldValue(next);
      if (hasFlowError) resetFlow?.();
    },
    [setFieldValue, hasFlowError, resetFlow],
  );
  const submit = useCallback(async () => {
    if (isPending || !validate()) return;
    await submitEmail(value.trim());
  }, [isPending, validate, submitEmail, value]);
  const error: ErrorMessageValue = field.error ? field.error.message : flowError;
  return {
    kind,
    value: field.value,
    setValue,
    error,
    isPending,
    inputId: `${id}-email`,
    errorId: `${id}-email-error`,
    submit,
  };
}

const parts = createFieldFormParts<UseEmailFormReturn>({
  name: 'EmailForm',
  scope: 'email-form',
  labelId: 'emailForm.label',
  submitId: 'emailForm.submit',
  sendingId: 'emailForm.sending',
  rootAttributes: (form) => ({ 'data-kind': form.kind }),
});
const Input = createPart('email-form', 'input', 'input');

/** Provides an email form's state (`useEmailForm()`, or a fixed value) to its parts. */
export const EmailFormProvider = parts.Provider;

/** The `<form>` (`data-scope="email-form" data-part="root"`, `data-pending`, `data-invalid`); submits on Enter. */
export const EmailFormRoot = parts.Root;

/** The field's `<label>` ('Email'). */
export const EmailFormLabel = parts.Label;

/**
 * Props another product puts on the Main screen's email input (passkey autofill: `usePasskeyLogin`'s
 * `autoFillInputProps`, `autocomplete="username webauthn"`); the Main screen provides them.
 */
export const EmailInputPropsContext = createContext<PartProps<'input'> | undefined>(undefined);

/** The email `<input>`: required, `aria-invalid` and `aria-describedby` the error, `data-invalid`. */
export const EmailFormInput = forwardRef<HTMLInputElement, PartProps<'input'>>(function EmailFormInput(props, ref) {
  const form = parts.useForm();
  const t = useMessages();
  return (
    <Input
      id={form.inputId}
      type="email"
      name="email"
      autoComplete="email"
      required
      placeholder={t('emailForm.placeholder')}
      value={form.value}
      {...fieldValidityProps(form)}
      {...useContext(EmailInputPropsContext)}
      {...props}
      onChange={composeEventHandlers(props.onChange, (event) => form.setValue(event.target.value))}
      ref={ref}
    />
  );
});

/** The error under the field (`data-part="error"`, role alert); renders nothing without an error. */
export const EmailFormError = parts.Error;

/** The submit button ('Continue'): disabled with a spinner while sending (`data-pending`, `aria-busy`). */
export const EmailFormSubmit = parts.Submit;

/** The default layout of an email form: label, input, error, submit. */
export function EmailFormLayout() {
  return (
    <EmailFormRoot>
      <EmailFormLabel />
      <EmailFormInput />
      <EmailFormError />
      <EmailFormSubmit />
    </EmailFormRoot>
  );
}

/** The email form with a given state; render it with `useEmailForm()` or a fixed value. */
export function EmailForm({ value }: { value: UseEmailFormReturn }) {
  return (
    <EmailFormProvider value={value}>
      <EmailFormLayout />
    </EmailFormProvider>
  );
}
EmailForm.Provider = EmailFormProvider;
EmailForm.Root = EmailFormRoot;
EmailForm.Label = EmailFormLabel;
EmailForm.Input = EmailFormInput;
EmailForm.Error = EmailFormError;
EmailForm.Submit = EmailFormSubmit;
