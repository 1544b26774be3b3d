import { TotpScreen } from '../TotpScreen';
import { exampleTotp } from './fixtures';

/** 'Verifying code...' with the progress bar. */
export default function TotpScreenLoadingExample() {
  return (
    <TotpScreen.Provider value={exampleTotp({ isVerifying: true })}>
      <TotpScreen.Layout />
    </TotpScreen.Provider>
  );
}
