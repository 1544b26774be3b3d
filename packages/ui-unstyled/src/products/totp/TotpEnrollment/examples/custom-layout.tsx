import { TotpEnrollment } from '../TotpEnrollment';
import { exampleEnrollment } from './fixtures';

/** A re-arranged scan step: the key first, then the QR code and the boxes, no description. */
export default function TotpEnrollmentCustomLayoutExample() {
  return (
    <TotpEnrollment.Provider value={exampleEnrollment()}>
      <TotpEnrollment.Root>
        <TotpEnrollment.Title />
        <TotpEnrollment.ManualKey />
        <TotpEnrollment.QrCode />
        <TotpEnrollment.CodeInput />
        <TotpEnrollment.Error />
      </TotpEnrollment.Root>
    </TotpEnrollment.Provider>
  );
}
