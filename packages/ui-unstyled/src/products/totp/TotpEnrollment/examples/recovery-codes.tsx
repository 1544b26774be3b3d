import { TotpEnrollment } from '../TotpEnrollment';
import { exampleEnrollment } from './fixtures';

/** The recovery codes to save: the list, copy and download, 'I have saved these codes' ticked. */
export default function TotpEnrollmentRecoveryCodesExample() {
  return (
    <TotpEnrollment.Provider value={exampleEnrollment({ step: 'save', hasSavedCodes: true, copied: 'codes' })}>
      <TotpEnrollment.Layout />
    </TotpEnrollment.Provider>
  );
}
