// The passkey registration screens, a lazy chunk of their own inside the passkey product: `<SignIn>` never shows
// them, and their passkey list reads the user through react-query (`usePasskeys` → `useUser`), which a sign-in page
// with passkeys should not download. `<PasskeyRegistration>` loads them (chunk.ts makes them lazy screens).

/** The code every lazy chunk shares (screens/shared/chunkRuntime.ts). */
export { CHUNK_RUNTIME } from '../../screens/shared/chunkRuntime';
export { PasskeyRegistrationStartScreen } from './PasskeyRegistrationStart/PasskeyRegistrationStartScreen';
export { PasskeyRegistrationSuccessScreen } from './PasskeyRegistrationSuccess/PasskeyRegistrationSuccessScreen';
