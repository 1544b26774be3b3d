import { exampleVerificationSource } from '../../SessionVerification/examples/fixtures';
import { TotpEnrollment } from '../TotpEnrollment';
import { exampleEnrollment } from './fixtures';

/** "Confirm it's you": a code from the app for this session before the app is removed or new codes are issued. */
export default function TotpEnrollmentVerifyExample() {
  return (
    <TotpEnrollment.Provider
      value={exampleEnrollment({
        step: 'verify',
        isEnrolled: true,
        canGoBack: false,
        verification: exampleVerificationSource(),
      })}
    >
      <TotpEnrollment.Layout />
    </TotpEnrollment.Provider>
  );
}
