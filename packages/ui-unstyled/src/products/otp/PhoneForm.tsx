import {
  type Country,
  type LatchkeyFlowError,
  useOptionalSignInStore,
  useOtpFlow,
  usePhoneNumber,
} from '@latchkey/hooks';
import { forwardRef, useCallback, useId, useState } from 'react';
import type { ErrorMessageValue } from '../../components/ErrorMessage';
import { useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { createFieldFormParts, fieldValidityProps } from '../../screens/Main/fieldForm';
import { otpMessages } from './messages';

/** The passcode channels of the phone form. */
export type PhoneMethod = 'sms' | 'whatsapp';

/** What `usePhoneForm` returns: the state of the phone form's parts. */
export interface UsePhoneFormReturn {
  /** The channel: emitted as `data-method="sms|whatsapp"` on the root. */
  method: PhoneMethod;
  /** The selected ISO region code (default 'US'; with `otpOptions.countries`, US if listed, else the first listed). */
  country: string;
  setCountry: (code: string) => void;
  /** The selector's countries (those of `otpOptions.countries`, else all): code, dial code, region name. */
  countries: Country[];
  /** The number as typed. */
  nationalNumber: string;
  setNationalNumber: (text: string) => void;
  /** The error under the field: the format check's text or the flow's error. Emitted as `data-invalid`. */
  error: ErrorMessageValue;
  /** Validating or sending: the submit button is disabled and shows a spinner. Emitted as `data-pending`. */
  isPending: boolean;
  countryId: string;
  inputId: string;
  errorId: string;
  /** Validates the number (2 s time-out), then sends the code. */
  submit: () => Promise<void>;
}

/** The phone form's state: the number with its country, validated, then a passcode sent by SMS or WhatsApp. */
export function usePhoneForm(method: PhoneMethod): UsePhoneFormReturn {
  const t = useMessages(otpMessages);
  const store = useOptionalSignInStore();
  // The configuration's countries (`otpOptions.countries`; every country without it), read once like the rest of it.
  const phone = usePhoneNumber({ countries: store?.getState().config.otpOptions?.countries });
  const flow = useOtpFlow();
  const [isValidating, setIsValidating] = useState(false);
  const id = useId();
  const isPending = isValidating || flow.status === 'sending';
  const { validate, setCountry: setPhoneCountry, setNationalNumber: setPhoneNumber } = phone;
  const { send, reset, error: flowError } = flow;
  const hasFlowError = flowError !== null;

  const submit = useCallback(async () => {
    if (isPending) return;
    setIsValidating(true);
    const result = await validate();
    setIsValidating(false);
    if (!result.ok) {
      // Reported like the email check.
      store?.getState().callbacks.onError?.(result.error);
      return;
    }
    await send({ method, destination: result.e164 });
  }, [isPending, validate, store, send, method]);

  const setCountry = useCallback(
    (code: string) => {
      setPhoneCountry(code);
      if (hasFlowError) reset();
    },
    [setPhoneCountry, hasFlowError, reset],
  );
  const setNationalNumber = useCallback(
    (text: string) => {
      setPhoneNumber(text);
      if (hasFlowError) reset();
    },
    [setPhoneNumber, hasFlowError, reset],
  );

  const error: ErrorMessageValue = phone.error ? t('phoneForm.invalidPhoneNumber') : (flowError as LatchkeyFlowError);
  return {
    method,
    country: phone.country,
    setCountry,
    countries: phone.countries,
    nationalNumber: phone.nationalNumber,
    setNationalNumber,
    error,
    isPending,
    countryId: `${id}-country`,
    inputId: `${id}-phone`,
    errorId: `${id}-phone-error`,
    submit,
  };
}

const parts = createFieldFormParts<UsePhoneFormReturn>({
  name: 'PhoneForm',
  scope: 'phone-form',
  labelId: 'phoneForm.label',
  submitId: 'phoneForm.submit',
  sendingId: 'phoneForm.sending',
  rootAttributes: (form) => ({ 'data-method': form.method }),
});
const CountrySelect = createPart('phone-form', 'country', 'select');
const CountryLabelPart = createPart('phone-form', 'country-label', 'label');
const Input = createPart('phone-form', 'input', 'input');

/** Provides a phone form's state (`usePhoneForm()`, or a fixed value) to its parts. */
export const PhoneFormProvider = parts.Provider;

/** The `<form>` (`data-scope="phone-form" data-part="root"`, `data-method`, `data-pending`, `data-invalid`). */
export const PhoneFormRoot = parts.Root;

/** The country selector's visible `<label>` ('Country'), like the number's. */
export const PhoneFormCountryLabel = forwardRef<HTMLLabelElement, PartProps<'label'>>(
  function PhoneFormCountryLabel(props, ref) {
    const form = parts.useForm();
    const t = useMessages(otpMessages);
    return (
      <CountryLabelPart htmlFor={form.countryId} {...props} ref={ref}>
        {props.children ?? t('phoneForm.country')}
      </CountryLabelPart>
    );
  },
);

/**
 * The country `<select>` (named by its visible label 'Country', `PhoneFormCountryLabel`): each option shows the
 * region name and dial code; default US. With `otpOptions.countries` it lists only those, and preselects US if listed,
 * else the first listed.
 */
export const PhoneFormCountry = forwardRef<HTMLSelectElement, PartProps<'select'>>(
  function PhoneFormCountry(props, ref) {
    const form = parts.useForm();
    const t = useMessages(otpMessages);
    return (
      <CountrySelect
        id={form.countryId}
        name="country"
        autoComplete="country"
        value={form.country}
        {...props}
        onChange={composeEventHandlers(props.onChange, (event) => form.setCountry(event.target.value))}
        ref={ref}
      >
        {props.children ??
          form.countries.map((country) => (
            <option key={country.code} value={country.code}>
              {t('phoneForm.countryOption', { name: country.name, dialCode: country.dialCode })}
            </option>
          ))}
      </CountrySelect>
    );
  },
);

/** The number's `<label>` ('Phone number'). */
export const PhoneFormLabel = parts.Label;

/** The number `<input type="tel">`: required, `aria-invalid` and `aria-describedby` the error, `data-invalid`. */
export const PhoneFormInput = forwardRef<HTMLInputElement, PartProps<'input'>>(function PhoneFormInput(props, ref) {
  const form = parts.useForm();
  const t = useMessages(otpMessages);
  return (
    <Input
      id={form.inputId}
      type="tel"
      inputMode="tel"
      name="phone"
      autoComplete="tel-national"
      required
      placeholder={t('phoneForm.placeholder')}
      value={form.nationalNumber}
      {...fieldValidityProps(form)}
      {...props}
      onChange={composeEventHandlers(props.onChange, (event) => form.setNationalNumber(event.target.value))}
      ref={ref}
    />
  );
});

/** The error under the field (`data-part="error"`, role alert); renders nothing without an error. */
export const PhoneFormError = parts.Error;

/** The submit button ('Continue'): disabled with a spinner while validating or sending (`data-pending`). */
export const PhoneFormSubmit = parts.Submit;

/** The default layout of a phone form: country, label, number, error, submit. */
export function PhoneFormLayout() {
  return (
    <PhoneFormRoot>
      <PhoneFormCountryLabel />
      <PhoneFormCountry />
      <PhoneFormLabel />
      <PhoneFormInput />
      <PhoneFormError />
      <PhoneFormSubmit />
    </PhoneFormRoot>
  );
}

/** The phone form for `method` (SMS or WhatsApp), with its own state. */
export function PhoneForm({ method }: { method: PhoneMethod }) {
  const form = usePhoneForm(method);
  return (
    <PhoneFormProvider value={form}>
      <PhoneFormLayout />
    </PhoneFormProvider>
  );
}
PhoneForm.Provider = PhoneFormProvider;
PhoneForm.Layout = PhoneFormLayout;
PhoneForm.Root = PhoneFormRoot;
PhoneForm.CountryLabel = PhoneFormCountryLabel;
PhoneForm.Country = PhoneFormCountry;
PhoneForm.Label = PhoneFormLabel;
PhoneForm.Input = PhoneFormInput;
PhoneForm.Error = PhoneFormError;
PhoneForm.Submit = PhoneFormSubmit;
