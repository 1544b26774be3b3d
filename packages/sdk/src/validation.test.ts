import { describe, expect, it } from 'vitest';
import { UsageError } from './errors';
import { E164_PATTERN, EMAIL_PATTERN, validate } from './validation';

describe('argument checks', () => {
  it.each([
    ['isString', 'email', 42, 'email must be a string'],
    ['isNumber', 'session_duration_minutes', '30', 'session_duration_minutes must be a number'],
    ['isNumber', 'session_duration_minutes', Number.NaN, 'session_duration_minutes must be a number'],
    ['isBoolean', 'is_passkey', 'yes', 'is_passkey must be a boolean'],
    ['isObject', 'options', [], 'options must be an object'],
    ['isObject', 'options', null, 'options must be an object'],
    ['isStringArray', 'custom_scopes', ['a', 1], 'custom_scopes must be an array of strings'],
  ] as const)('%s rejects %s=%j with "%s"', (check, name, value, reason) => {
    const attempt = () => (validate('otps.authenticate')[check] as (n: string, v: unknown) => unknown)(name, value);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(`Invalid call to otps.authenticate: ${reason}`);
  });

  it('lets optional arguments be absent but not wrong', () => {
    expect(() => validate('m').isOptionalString('locale', undefined).isOptionalNumber('n', undefined)).not.toThrow();
    expect(() => validate('m').isOptionalString('locale', 3)).toThrow('Invalid call to m: locale must be a string');
  });

  it('reports its own rules with their own reason', () => {
    expect(() => validate('m').rule(false, 'code must be 6 digits')).toThrow(
      'Invalid call to m: code must be 6 digits',
    );
  });

  it('keeps the method and reason on the error', () => {
    try {
      validate('passwords.create').isString('password', undefined);
    } catch (error) {
      expect(error).toMatchObject({ method: 'passwords.create', reason: 'password must be a string' });
    }
  });

  it('matches the spec email pattern', () => {
    for (const ok of ['ada@example.com', 'a.b+c@sub.example.co']) expect(EMAIL_PATTERN.test(ok)).toBe(true);
    for (const bad of ['ada', 'ada@example', 'ada@example.c', '@example.com', 'a da@example.com']) {
      expect(EMAIL_PATTERN.test(bad)).toBe(false);
    }
  });

  it('matches E.164 phone numbers only', () => {
    expect(E164_PATTERN.test('+14155550123')).toBe(true);
    for (const bad of ['4155550123', '+0123', '+1 415 555', '+1234567890123456'])
      expect(E164_PATTERN.test(bad)).toBe(false);
  });
});
