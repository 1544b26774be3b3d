import { TOTP_NO_USER_MESSAGE } from '@latchkey/hooks';
import { TotpEnrollment } from '../TotpEnrollment';
import { exampleEnrollment } from './fixtures';

/** Nobody signed in: the error alone. */
export default function TotpEnrollmentErrorExample() {
  return (
    <TotpEnrollment.Provider
      value={exampleEnrollment({
        step: 'start',
        hasUser: false,
        error: { type: 'totp_no_user', message: TOTP_NO_USER_MESSAGE },
      })}
    >
      <TotpEnrollment.Layout />
    </TotpEnrollment.Provider>
  );
}
