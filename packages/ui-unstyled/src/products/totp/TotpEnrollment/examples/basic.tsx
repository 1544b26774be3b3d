import { TotpEnrollment } from '../TotpEnrollment';
import { exampleEnrollment } from './fixtures';

/** The scan step: QR code, the key for manual entry, the first code's boxes. */
export default function TotpEnrollmentBasicExample() {
  return (
    <TotpEnrollment.Provider value={exampleEnrollment()}>
      <TotpEnrollment.Layout />
    </TotpEnrollment.Provider>
  );
}
