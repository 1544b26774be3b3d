import { TotpScreen } from '../TotpScreen';
import { exampleTotp } from './fixtures';

/** The second step of a multi-factor sign-in as `<SignIn>` shows it, three digits typed. */
export default function TotpScreenBasicExample() {
  return (
    <TotpScreen.Provider value={exampleTotp()}>
      <TotpScreen.Layout />
    </TotpScreen.Provider>
  );
}
