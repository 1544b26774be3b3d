// `secondFactorsOf`: which second factors the waiting user can give (the TotpAuthenticate screen shows the code
// boxes, 'Use a passkey', or both, from it).
import type { User } from '@latchkey/sdk';
import { describe, expect, it } from 'vitest';
import { secondFactorsOf } from './usePasskeySecondFactor';

const user = (change: Partial<User>) => ({ totps: [], webauthn_registrations: [], ...change }) as unknown as User;

describe('secondFactorsOf', () => {
  it('offers both while the user is not known (a reload during the step)', () => {
    expect(secondFactorsOf(null)).toEqual({ totp: true, passkey: true });
  });

  it('counts only a verified authenticator app', () => {
    expect(secondFactorsOf(user({ totps: [{ totp_id: 't', verified: false }] as User['totps'] }))).toEqual({
      totp: false,
      passkey: false,
    });
    expect(secondFactorsOf(user({ totps: [{ totp_id: 't', verified: true }] as User['totps'] }))).toEqual({
      totp: true,
      passkey: false,
    });
  });

  it('offers the passkey to a user who has one', () => {
    const passkeys = [{ webauthn_registration_id: 'w', name: 'Laptop' }] as unknown as User['webauthn_registrations'];
    expect(secondFactorsOf(user({ webauthn_registrations: passkeys }))).toEqual({ totp: false, passkey: true });
  });
});
