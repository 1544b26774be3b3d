// biome-ignore-all lint/correctness/noComponentHookFactories: the factory runs once, at module level, never during a render, so each part keeps a stable identity.
// Internal: what the one-field forms of Main (EmailForm, PhoneForm) share — context plumbing and the root, label,
// error and submit parts. Each form file re-exports them under its own public names and keeps its own input.
import { type FormEvent, forwardRef } from 'react';
import { ErrorMessage, type ErrorMessageProps, type ErrorMessageValue } from '../../components/ErrorMessage';
import { Spinner } from '../../components/Spinner';
import { type MessageId, useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { createScreenContext } from '../shared/screenContext';
import { useFocusAfterFailedSubmit } from '../shared/useFocusAfterFailedSubmit';

/** What every one-field form's state holds. */
export interface FieldFormState {
  /** The error under the field. Emitted as `data-invalid`. */
  error: ErrorMessageValue;
  /** Sending: the submit button is disabled and shows a spinner. Emitted as `data-pending`. */
  isPending: boolean;
  inputId: string;
  errorId: string;
  submit: () => Promise<void>;
}

export interface FieldFormOptions<State> {
  /** The form's name (`EmailForm`), for error messages and display names. */
  name: string;
  /** The `data-scope` of every part (`email-form`). */
  scope: string;
  labelId: MessageId;
  submitId: MessageId;
  /** The submit spinner's label. */
  sendingId: MessageId;
  /** The root's own attributes (`data-kind`, `data-method`). */
  rootAttributes: (state: State) => Record<string, string>;
}

/** The input's validity attributes: `aria-invalid`, `aria-describedby` the error, `data-invalid`. */
export function fieldValidityProps(form: FieldFormState) {
  return {
    'aria-invalid': form.error ? true : undefined,
    'aria-describedby': form.error ? form.errorId : undefined,
    'data-invalid': form.error ? '' : undefined,
  } as const;
}

/** Makes a one-field form's context (`Provider`, `useForm`) and its `Root`, `Label`, `Error` and `Submit` parts. */
export function createFieldFormParts<State extends FieldFormState>(options: FieldFormOptions<State>) {
  const { name, scope } = options;
  const { Provider, useScreenContext: useForm } = createScreenContext<State>(name);

  const RootPart = createPart(scope, 'root', 'form');
  const LabelPart = createPart(scope, 'label', 'label');
  const SubmitPart = createPart(scope, 'submit', 'button');

  const Root = forwardRef<HTMLFormElement, PartProps<'form'>>(function Root(props, ref) {
    const form = useForm();
    const markSubmitted = useFocusAfterFailedSubmit(form.isPending, Boolean(form.error));
    return (
      <RootPart
        noValidate
        {...options.rootAttributes(form)}
        data-pending={form.isPending ? '' : undefined}
        data-invalid={form.error ? '' : undefined}
        {...props}
        onSubmit={composeEventHandlers(props.onSubmit, (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          markSubmitted(event.currentTarget);
          void form.submit();
        })}
        ref={ref}
      />
    );
  });
  Root.displayName = `${name}Root`;

  const Label = forwardRef<HTMLLabelElement, PartProps<'label'>>(function Label(props, ref) {
    const form = useForm();
    const t = useMessages();
    return (
      <LabelPart htmlFor={form.inputId} {...props} ref={ref}>
        {props.children ?? t(options.labelId)}
      </LabelPart>
    );
  });
  Label.displayName = `${name}Label`;

  const FieldError = forwardRef<HTMLParagraphElement, Omit<ErrorMessageProps, 'error'>>(
    function FieldError(props, ref) {
      const form = useForm();
      return (
        <ErrorMessage id={form.errorId} data-scope={scope} data-part="error" error={form.error} {...props} ref={ref} />
      );
    },
  );
  FieldError.displayName = `${name}Error`;

  const Submit = forwardRef<HTMLButtonElement, PartProps<'button'>>(function Submit(props, ref) {
    const form = useForm();
    const t = useMessages();
    return (
      <SubmitPart
        type="submit"
        disabled={form.isPending}
        aria-busy={form.isPending || undefined}
        data-pending={form.isPending ? '' : undefined}
        {...props}
        ref={ref}
      >
        {props.children ?? (
          <>
            {t(options.submitId)}
            {form.isPending ? <Spinner label={t(options.sendingId)} /> : null}
          </>
        )}
      </SubmitPart>
    );
  });
  Submit.displayName = `${name}Submit`;

  return { useForm, Provider, Root, Label, Error: FieldError, Submit };
}
