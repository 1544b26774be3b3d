import type { CountryCode, PhoneNumber } from 'libphonenumber-js/min';
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LatchkeyFlowError, validationError } from '../../errors';
import { PHONE_NUMBER_INVALID_MESSAGE } from '../../validationMessages';
import { COUNTRY_DIAL_CODES } from './countries';

export { COUNTRY_DIAL_CODES } from './countries';

/** The default phone country: US. */
export const DEFAULT_PHONE_COUNTRY = 'US';
/** How long phone validation may take before the number is accepted unchecked (dial code plus digits). */
export const PHONE_VALIDATION_TIMEOUT_MS = 2000;
/** How long display formatting may take before the raw E.164 number is shown instead. */
export const PHONE_FORMAT_TIMEOUT_MS = 10000;

/** One entry of the country selector. */
export interface Country {
  /** ISO 3166-1 alpha-2 region code, e.g. 'US'. */
  code: string;
  /** The country calling code without the plus sign, e.g. '1'. */
  dialCode: string;
  /** The region name in the requested language, e.g. 'United States'. */
  name: string;
}

/** The part of libphonenumber-js the hook uses; injectable so tests can simulate a slow network. */
export interface PhoneLibrary {
  parsePhoneNumberFromString: (text: string, defaultCountry?: CountryCode) => PhoneNumber | undefined;
}

/** Loads the phone-parsing library. The default is a dynamic import, so an email-only widget never downloads it. */
export type PhoneLibraryLoader = () => Promise<PhoneLibrary>;

// The only place libphonenumber-js is loaded (through phoneLibrary.ts, its functions we use): a static import
// anywhere would put it in every bundle.
const loadLibphonenumber: PhoneLibraryLoader = () => import('./phoneLibrary');

const TIMED_OUT = Symbol('timed out');

/** Resolves with the work's result, or `TIMED_OUT` after `ms` or when the work fails (the chunk cannot load). */
function withTimeout<T>(work: () => Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(TIMED_OUT), ms);
    work().then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      () => {
        clearTimeout(timer);
        resolve(TIMED_OUT);
      },
    );
  });
}

/** The selector's countries: the embedded table with region names in `locale`, sorted by name. */
export function getCountries(locale = 'en'): Country[] {
  let displayNames: Intl.DisplayNames | null = null;
  try {
    displayNames = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    // An unknown locale tag or a runtime without DisplayNames: fall back to the codes.
  }
  const countries = Object.entries(COUNTRY_DIAL_CODES).map(([code, dialCode]) => {
    let name = code;
    try {
      name = displayNames?.of(code) ?? code;
    } catch {}
    return { code, dialCode, name };
  });
  return countries.sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** Options of `formatPhoneNumber`. */
export interface FormatPhoneNumberOptions {
  /** Default 10000 ms. */
  timeoutMs?: number;
  loadPhoneLibrary?: PhoneLibraryLoader;
}

/** An E.164 number in international display format ('+1 415 555 0123'); the raw number after the time-out. */
export async function formatPhoneNumber(e164: string, options: FormatPhoneNumberOptions = {}): Promise<string> {
  const { timeoutMs = PHONE_FORMAT_TIMEOUT_MS, loadPhoneLibrary = loadLibphonenumber } = options;
  const formatted = await withTimeout(
    async () => (await loadPhoneLibrary()).parsePhoneNumberFromString(e164)?.formatInternational() ?? e164,
    timeoutMs,
  );
  return formatted === TIMED_OUT ? e164 : formatted;
}

/** Options of `useFormattedPhoneNumber`. */
export type UseFormattedPhoneNumberOptions = FormatPhoneNumberOptions;

/** A phone number for display: the raw text at once, the international format once the library has loaded. */
export function useFormattedPhoneNumber(e164: string, options: UseFormattedPhoneNumberOptions = {}): string {
  const { timeoutMs, loadPhoneLibrary } = options;
  const [formatted, setFormatted] = useState({ e164, text: e164 });
  useEffect(() => {
    let isCurrent = true;
    formatPhoneNumber(e164, { timeoutMs, loadPhoneLibrary }).then((text) => {
      // Bail out when nothing changed, so an inline loader (a new function each render) cannot loop.
      if (isCurrent)
        setFormatted((previous) => (previous.e164 === e164 && previous.text === text ? previous : { e164, text }));
    });
    return () => {
      isCurrent = false;
    };
  }, [e164, timeoutMs, loadPhoneLibrary]);
  return formatted.e164 === e164 ? formatted.text : e164;
}

/** Options of `usePhoneNumber`. */
export interface UsePhoneNumberOptions {
  /** ISO region code preselected in the country selector. Default 'US' (with `countries`: if listed, else the first). */
  defaultCountry?: string;
  /**
   * The only countries offered (ISO region codes in capitals, e.g. `['US', 'CA']`; codes outside the embedded table
   * are left out): `countries` lists just these, `defaultCountry` is preselected if listed, else the first listed
   * code, and `setCountry` ignores any other code. Default: every country of the table. A widget's
   * `otpOptions.countries`; pair it with the provider's `phone.allowedCountries`.
   */
  countries?: readonly string[];
  /** Language of the region names. Default 'en'. */
  locale?: string;
  /** After this long without an answer from the parser the number is accepted as dial code + digits. Default 2000. */
  validationTimeoutMs?: number;
  /** After this long `format()` gives the raw number. Default 10000. */
  formatTimeoutMs?: number;
  /** Replaces the dynamic import of libphonenumber-js (tests, or a host that ships its own copy). */
  loadPhoneLibrary?: PhoneLibraryLoader;
}

/** The outcome of `validate()`. */
export type PhoneValidationResult = { ok: true; e164: string } | { ok: false; error: LatchkeyFlowError };

/** Props to spread onto the national-number `<input>`. */
export interface PhoneInputProps {
  type: 'tel';
  inputMode: 'tel';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  required: true;
  autoComplete: 'tel-national';
  'aria-invalid': boolean;
}

/** What `usePhoneNumber` returns. */
export interface UsePhoneNumberReturn {
  /** The selected ISO region code. */
  country: string;
  /** Selects a country; clears a shown error. A code outside the `countries` option is ignored. */
  setCountry: (code: string) => void;
  /** The selected country's calling code without the plus sign ('1' for US). */
  dialCode: string;
  /** Every country of the embedded table (or those of the `countries` option), named in `locale`, sorted by name. */
  countries: Country[];
  /** The number as typed (spaces and dashes kept; they are stripped for parsing). */
  nationalNumber: string;
  /** Replaces the typed number; clears a shown error. */
  setNationalNumber: (text: string) => void;
  /** The `invalid_phone_number` error of the last failed `validate()`, until the number or country changes. */
  error: LatchkeyFlowError | null;
  /** Parses the number with the selected country; on failure sets `error`. */
  validate: () => Promise<PhoneValidationResult>;
  /** International display format of an E.164 number; the raw number after the format time-out. */
  format: (e164: string) => Promise<string>;
  /** Props for the number `<input>`: type, inputMode, value, onChange, required, autoComplete, aria-invalid. */
  inputProps: PhoneInputProps;
}

/**
 * The codes of `countries` that the embedded table knows, in their order, each once; null without a list, or when
 * the table knows none of them (every country is offered then: an empty selector would leave no way to send).
 */
function knownCountries(countries: readonly string[] | undefined): string[] | null {
  if (countries === undefined) return null;
  const list: unknown[] = Array.isArray(countries) ? countries : [countries];
  const known = [...new Set(list)].filter(
    (code): code is string => typeof code === 'string' && Object.hasOwn(COUNTRY_DIAL_CODES, code),
  );
  const unknown = list.filter((code) => !known.includes(code as string));
  if (unknown.length > 0 || known.length === 0) {
    // A configuration mistake ('gb', 'UK', a string for a list) the page's first load does not carry a check for.
    console.warn(
      `Latchkey: countries ${JSON.stringify(unknown)} left out of the phone form: use ISO 3166-1 alpha-2 region codes in capitals, such as ['GB', 'IE']${known.length === 0 ? '; every country is offered' : ''}.`,
    );
  }
  return known.length > 0 ? known : null;
}

/** The country shown for `selected`: itself when offered, else `defaultCountry` if offered, else the first offered. */
function offeredCountry(selected: string, offered: string[] | null, defaultCountry: string): string {
  if (offered === null || offered.includes(selected)) return selected;
  return offered.includes(defaultCountry) ? defaultCountry : (offered[0] ?? defaultCountry);
}

/** A phone input with a country selector, validated by libphonenumber-js loaded on demand. */
export function usePhoneNumber(options: UsePhoneNumberOptions = {}): UsePhoneNumberReturn {
  const {
    defaultCountry = DEFAULT_PHONE_COUNTRY,
    locale = 'en',
    validationTimeoutMs = PHONE_VALIDATION_TIMEOUT_MS,
    formatTimeoutMs = PHONE_FORMAT_TIMEOUT_MS,
    loadPhoneLibrary = loadLibphonenumber,
  } = options;
  // By content: a list written inline is a new array at each render (and a host's JSON may hold a string instead).
  const countriesKey = JSON.stringify(options.countries);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read through its key
  const offered = useMemo(() => knownCountries(options.countries), [countriesKey]);
  const [selected, setCountryState] = useState(() => offeredCountry(defaultCountry, offered, defaultCountry));
  // A list that changed (a widget reads its configuration once; a host may not) moves a country it left out.
  const country = offeredCountry(selected, offered, defaultCountry);
  const [nationalNumber, setNationalNumberState] = useState('');
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  const allCountries = useMemo(() => getCountries(locale), [locale]);
  const countries = useMemo(
    () => (offered === null ? allCountries : allCountries.filter((entry) => offered.includes(entry.code))),
    [allCountries, offered],
  );
  // validate() may follow a setter in the same event, so it reads the latest input rather than the render's.
  const latest = useRef({ country, nationalNumber });
  latest.current.country = country;
  const offeredRef = useRef(offered);
  offeredRef.current = offered;

  const setCountry = useCallback((code: string) => {
    const allowed = offeredRef.current;
    if (allowed !== null && !allowed.includes(code)) return;
    latest.current = { ...latest.current, country: code };
    setCountryState(code);
    setError(null);
  }, []);

  const setNationalNumber = useCallback((text: string) => {
    latest.current = { ...latest.current, nationalNumber: text };
    setNationalNumberState(text);
    setError(null);
  }, []);

  const validate = useCallback(async (): Promise<PhoneValidationResult> => {
    const { country: selected, nationalNumber: typed } = latest.current;
    const digits = typed.replace(/\D/g, '');
    // A number typed with its own '+' prefix is international; the selected country does not apply.
    const isInternational = typed.trim().startsWith('+');
    const fail = (): PhoneValidationResult => {
      const failure = validationError('invalid_phone_number', PHONE_NUMBER_INVALID_MESSAGE);
      setError(failure);
      return { ok: false, error: failure };
    };
    if (digits === '') return fail();
    const dialCode = COUNTRY_DIAL_CODES[selected];
    const parsed = await withTimeout(async () => {
      const library = await loadPhoneLibrary();
      return isInternational
        ? library.parsePhoneNumberFromString(`+${digits}`)
        : library.parsePhoneNumberFromString(digits, selected as CountryCode);
    }, validationTimeoutMs);
    if (parsed === TIMED_OUT) {
      // On time-out the number is accepted as the dial code plus the digits; the provider checks it.
      setError(null);
      return { ok: true, e164: isInternational || !dialCode ? `+${digits}` : `+${dialCode}${digits}` };
    }
    if (!parsed?.isValid()) return fail();
    setError(null);
    return { ok: true, e164: parsed.number };
  }, [loadPhoneLibrary, validationTimeoutMs]);

  const format = useCallback(
    (e164: string) => formatPhoneNumber(e164, { timeoutMs: formatTimeoutMs, loadPhoneLibrary }),
    [formatTimeoutMs, loadPhoneLibrary],
  );

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => setNationalNumber(event.target.value),
    [setNationalNumber],
  );

  return {
    country,
    setCountry,
    dialCode: COUNTRY_DIAL_CODES[country] ?? '',
    countries,
    nationalNumber,
    setNationalNumber,
    error,
    validate,
    format,
    inputProps: {
      type: 'tel',
      inputMode: 'tel',
      value: nationalNumber,
      onChange,
      required: true,
      autoComplete: 'tel-national',
      'aria-invalid': error !== null,
    },
  };
}
