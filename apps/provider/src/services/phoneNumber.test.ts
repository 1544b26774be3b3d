import { describe, expect, it } from 'vitest';
import { canonicalPhoneNumber } from './phoneNumber';

describe('canonicalPhoneNumber', () => {
  it.each([
    // Mexico's old mobile prefix: one handset, written two ways.
    ['+5215512345678', '+525512345678'],
    ['+525512345678', '+525512345678'],
    // Anything else is kept: a number of another length after +521, another country, a US number with area code 521.
    ['+52155123456', '+52155123456'],
    ['+14155550123', '+14155550123'],
    ['+15215550123', '+15215550123'],
  ])('%j is stored as %j', (phoneNumber, canonical) => {
    expect(canonicalPhoneNumber(phoneNumber)).toBe(canonical);
  });
});
