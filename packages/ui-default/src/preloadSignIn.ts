import type { SignInConfig } from '@latchkey/hooks';
import { preloadSignIn as preloadUnstyledSignIn } from '@latchkey/ui-unstyled';

/**
 * Downloads every chunk the themed `<SignIn config>` can show (its screens, the method tabs, the phone form, and
 * sonner when the configuration can show a toast) and resolves once they are all in. Only the configuration's own:
 * a magic-link-only widget loads no password or passcode screen. The widget works the same without it.
 */
export function preloadSignIn(config?: SignInConfig): Promise<void> {
  // The same module the toaster imports on its first toast (toaster.tsx): one chunk, fetched once.
  return preloadUnstyledSignIn(config, { loadToaster: () => import('sonner') });
}
