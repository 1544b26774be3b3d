import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { COUNTRY_DIAL_CODES } from './countries';

describe('the embedded dial-code table', () => {
  it('holds the examples of the spec (US 1, GB 44)', () => {
    expect(COUNTRY_DIAL_CODES.US).toBe('1');
    expect(COUNTRY_DIAL_CODES.GB).toBe('44');
  });

  it('has every region the phone parser knows, with the same calling code', () => {
    const fromParser = Object.fromEntries(getCountries().map((code) => [code, getCountryCallingCode(code)]));
    expect(COUNTRY_DIAL_CODES).toEqual(fromParser);
  });

  it('uses two-letter region codes and calling codes of 1 to 3 digits', () => {
    for (const [code, dialCode] of Object.entries(COUNTRY_DIAL_CODES)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(dialCode).toMatch(/^[1-9]\d{0,2}$/);
    }
  });
});
