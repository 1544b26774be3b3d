import type { SignInConfig } from '@latchkey/hooks';
import { preloadSignIn as preloadUnstyledSignIn } from '@latchkey/ui-unstyled';

/**
 * Downloads every chunk the themed `<SignIn config>` can show (its screens and the phone form) and resolves once
 * they are all in. Only the configuration's own: a magic-link-only widget loads no password or passcode screen.
 * sonner is not part of it: it loads when a screen that can toast opens ('Forgot password?') or on the first toast,
 * so a sign-in that never gets there never downloads it. The widget works the same without it.
 */
export function preloadSignIn(config?: SignInConfig): Promise<void> {
  return preloadUnstyledSignIn(config);
}
