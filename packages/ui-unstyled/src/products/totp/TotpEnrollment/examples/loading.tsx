import { TotpEnrollment } from '../TotpEnrollment';
import { exampleEnrollment } from './fixtures';

/** 'Set up authenticator app' with its spinner while the secret is created. */
export default function TotpEnrollmentLoadingExample() {
  return (
    <TotpEnrollment.Provider value={exampleEnrollment({ step: 'start', isStarting: true })}>
      <TotpEnrollment.Layout />
    </TotpEnrollment.Provider>
  );
}
