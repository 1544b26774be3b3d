import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COUNTRY_DIAL_CODES,
  formatPhoneNumber,
  getCountries,
  type PhoneLibraryLoader,
  type PhoneValidationResult,
  useFormattedPhoneNumber,
  usePhoneNumber,
} from './usePhoneNumber';

const INVALID = 'Phone number format is invalid. Ensure the phone number is in the E.164 format.';

/** A network that never delivers the phone-parsing chunk. */
const neverLoads: PhoneLibraryLoader = () => new Promise(() => {});

function PhoneForm() {
  const phone = usePhoneNumber();
  const [sentTo, setSentTo] = useState('');
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await phone.validate();
        if (result.ok) setSentTo(result.e164);
      }}
    >
      <label htmlFor="country">Country</label>
      <select id="country" value={phone.country} onChange={(event) => phone.setCountry(event.target.value)}>
        {phone.countries.map((country) => (
          <option key={country.code} value={country.code}>
            {`+${country.dialCode} ${country.name}`}
          </option>
        ))}
      </select>
      <label htmlFor="phone">Phone number</label>
      <input id="phone" {...phone.inputProps} />
      <p role="alert">{phone.error?.message}</p>
      <output>{sentTo}</output>
      <button type="submit">Continue</button>
    </form>
  );
}

/** A country selector offering two countries, the list written inline (a new array at each render). */
function RestrictedForm() {
  const phone = usePhoneNumber({ countries: ['GB', 'IE'] });
  return (
    <select aria-label="Country" value={phone.country} onChange={(event) => phone.setCountry(event.target.value)}>
      {phone.countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}

function Destination(props: { e164: string }) {
  return <p>{useFormattedPhoneNumber(props.e164)}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the country list', () => {
  it('preselects the United States and shows dial code and region name, sorted by name', () => {
    render(<PhoneForm />);
    const select = screen.getByLabelText<HTMLSelectElement>('Country');
    expect(select.value).toBe('US');
    expect(select.selectedOptions[0]?.textContent).toBe('+1 United States');
    const labels = Array.from(select.options, (option) => option.textContent ?? '');
    expect(labels).toContain('+44 United Kingdom');
    const names = getCountries().map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.length).toBe(Object.keys(COUNTRY_DIAL_CODES).length);
  });

  it('names the regions in the requested language', () => {
    const { result } = renderHook(() => usePhoneNumber({ locale: 'fr', defaultCountry: 'DE' }));
    expect(result.current.country).toBe('DE');
    expect(result.current.dialCode).toBe('49');
    expect(result.current.countries.find((country) => country.code === 'DE')?.name).toBe('Allemagne');
  });
});

describe('the countries option (otpOptions.countries)', () => {
  const codesOf = (countries: { code: string }[]) => countries.map((country) => country.code);

  it('lists only the given countries, in the same name order as the full list', () => {
    const { result } = renderHook(() => usePhoneNumber({ countries: ['US', 'GB', 'CA', 'IE'] }));
    expect(codesOf(result.current.countries)).toEqual(['CA', 'IE', 'GB', 'US']);
    expect(codesOf(result.current.countries)).toEqual(
      codesOf(getCountries().filter((country) => ['US', 'GB', 'CA', 'IE'].includes(country.code))),
    );
    expect(result.current.countries.find((country) => country.code === 'GB')).toEqual({
      code: 'GB',
      dialCode: '44',
      name: 'United Kingdom',
    });
  });

  it('preselects US when it is listed, else the first code of the list', () => {
    expect(renderHook(() => usePhoneNumber({ countries: ['CA', 'US'] })).result.current.country).toBe('US');
    const withoutUs = renderHook(() => usePhoneNumber({ countries: ['IE', 'GB'] })).result.current;
    expect(withoutUs.country).toBe('IE');
    expect(withoutUs.dialCode).toBe('353');
    // An explicit default country that the list leaves out gives way to the list's first code too.
    expect(renderHook(() => usePhoneNumber({ countries: ['GB'], defaultCountry: 'DE' })).result.current.country).toBe(
      'GB',
    );
  });

  it('ignores setCountry to a code outside the list, and parses with the listed country still selected', async () => {
    const { result } = renderHook(() => usePhoneNumber({ countries: ['GB', 'IE'] }));
    act(() => result.current.setCountry('US'));
    expect(result.current.country).toBe('GB');
    act(() => result.current.setCountry('IE'));
    expect(result.current.country).toBe('IE');
    act(() => result.current.setCountry('GB'));
    let outcome: PhoneValidationResult | undefined;
    await act(async () => {
      result.current.setCountry('FR');
      result.current.setNationalNumber('7400 123456');
      outcome = await result.current.validate();
    });
    expect(result.current.country).toBe('GB');
    expect(outcome).toEqual({ ok: true, e164: '+447400123456' });
  });

  it('offers only the listed countries in a form, and a list written inline keeps the selection', async () => {
    const user = userEvent.setup();
    render(<RestrictedForm />);
    const select = screen.getByLabelText<HTMLSelectElement>('Country');
    expect(Array.from(select.options, (option) => option.value)).toEqual(['IE', 'GB']);
    expect(select.value).toBe('GB');
    await user.selectOptions(select, 'IE');
    expect(select.value).toBe('IE');
  });

  it('leaves out codes the embedded table does not know, saying so, and offers every country when it knows none', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => usePhoneNumber({ countries: ['XX', 'gb', 'IE'] }));
    expect(codesOf(result.current.countries)).toEqual(['IE']);
    expect(result.current.country).toBe('IE');
    expect(warn).toHaveBeenCalledWith(
      'Latchkey: countries ["XX","gb"] left out of the phone form: use ISO 3166-1 alpha-2 region codes in capitals, such as [\'GB\', \'IE\'].',
    );
    // A host's JSON configuration may hold one code as a string where a list belongs: read as that one code.
    const { result: text } = renderHook(() => usePhoneNumber({ countries: 'GB' as never }));
    expect(codesOf(text.current.countries)).toEqual(['GB']);
    const { result: none } = renderHook(() => usePhoneNumber({ countries: ['UK'] }));
    expect(none.current.countries).toHaveLength(Object.keys(COUNTRY_DIAL_CODES).length);
    expect(none.current.country).toBe('US');
  });

  it('lists every country without the option', () => {
    const { result } = renderHook(() => usePhoneNumber());
    expect(result.current.countries).toHaveLength(Object.keys(COUNTRY_DIAL_CODES).length);
    act(() => result.current.setCountry('FR'));
    expect(result.current.country).toBe('FR');
  });
});

describe('validation', () => {
  it('turns a national number typed with spaces and dashes into E.164 for the selected country', async () => {
    const user = userEvent.setup();
    render(<PhoneForm />);
    await user.type(screen.getByLabelText('Phone number'), '(415) 555-0123');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('(415) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('+14155550123'));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('parses with the country the user picked', async () => {
    const user = userEvent.setup();
    render(<PhoneForm />);
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('Phone number'), '020 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('+442079460958'));
  });

  it('shows the invalid_phone_number message for a number that cannot exist, until the user edits it', async () => {
    const user = userEvent.setup();
    render(<PhoneForm />);
    const input = screen.getByLabelText('Phone number');
    await user.type(input, '555 01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(INVALID));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
    await user.type(input, '2');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('rejects an empty number with the same message', async () => {
    const { result } = renderHook(() => usePhoneNumber());
    let outcome: PhoneValidationResult | undefined;
    await act(async () => {
      outcome = await result.current.validate();
    });
    expect(outcome).toEqual({ ok: false, error: { type: 'invalid_phone_number', message: INVALID } });
    expect(result.current.error?.message).toBe(INVALID);
  });

  it('takes a number typed with its own + prefix as international', async () => {
    const { result } = renderHook(() => usePhoneNumber());
    let outcome: PhoneValidationResult | undefined;
    await act(async () => {
      result.current.setNationalNumber('+44 20 7946 0958');
      outcome = await result.current.validate();
    });
    expect(outcome).toEqual({ ok: true, e164: '+442079460958' });
  });

  it('accepts dial code plus digits when the parser does not answer within 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { result } = renderHook(() => usePhoneNumber({ loadPhoneLibrary: neverLoads }));
    act(() => result.current.setNationalNumber('415-555-0123'));
    let outcome: PhoneValidationResult | undefined;
    const pending = result.current.validate().then((value) => {
      outcome = value;
    });
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(outcome).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await pending;
    expect(outcome).toEqual({ ok: true, e164: '+14155550123' });
  });

  it('accepts dial code plus digits when the parsing library fails to load', async () => {
    const { result } = renderHook(() =>
      usePhoneNumber({ defaultCountry: 'GB', loadPhoneLibrary: () => Promise.reject(new Error('chunk failed')) }),
    );
    let outcome: PhoneValidationResult | undefined;
    await act(async () => {
      result.current.setNationalNumber('7946 0958');
      outcome = await result.current.validate();
    });
    expect(outcome).toEqual({ ok: true, e164: '+4479460958' });
  });
});

describe('formatting', () => {
  it('formats an E.164 number for display', async () => {
    const { result } = renderHook(() => usePhoneNumber());
    await expect(result.current.format('+14155550123')).resolves.toBe('+1 415 555 0123');
    await expect(formatPhoneNumber('+442079460958')).resolves.toBe('+44 20 7946 0958');
  });

  it('shows the raw number when formatting takes longer than 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let formatted: string | undefined;
    formatPhoneNumber('+14155550123', { loadPhoneLibrary: neverLoads }).then((text) => {
      formatted = text;
    });
    await vi.advanceTimersByTimeAsync(9999);
    expect(formatted).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(formatted).toBe('+14155550123');
  });

  it('useFormattedPhoneNumber shows the raw number first, then the formatted one', async () => {
    const { rerender } = render(<Destination e164="+14155550123" />);
    expect(screen.getByText('+14155550123')).toBeTruthy();
    await screen.findByText('+1 415 555 0123');
    rerender(<Destination e164="+442079460958" />);
    expect(screen.getByText('+442079460958')).toBeTruthy();
    await screen.findByText('+44 20 7946 0958');
  });
});

it('never imports libphonenumber-js statically, so an email-only bundle leaves it out', () => {
  const sourceDirectory = import.meta.dirname;
  const files = readdirSync(sourceDirectory).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'));
  const staticImportOf = (module: string) =>
    new RegExp(`^\\s*(?:(?:import|export)\\s+(?!type\\b)[^;]*from\\s+|import\\s+)['"]${module}\\b`, 'm');
  const sourceOf = (name: string) => readFileSync(join(sourceDirectory, name), 'utf8');
  // phoneLibrary.ts re-exports the functions we use, and is itself only ever imported with import().
  const libraryImporters = files.filter((name) => staticImportOf('libphonenumber-js').test(sourceOf(name)));
  const moduleImporters = files.filter((name) => staticImportOf('\\./phoneLibrary').test(sourceOf(name)));
  expect(files).toContain('usePhoneNumber.ts');
  expect(libraryImporters).toEqual(['phoneLibrary.ts']);
  expect(moduleImporters).toEqual([]);
  expect(sourceOf('usePhoneNumber.ts')).toContain("import('./phoneLibrary')");
});
