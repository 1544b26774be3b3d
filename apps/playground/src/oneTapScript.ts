import { useEffect, useState } from 'react';
import { ONE_TAP_SCRIPT_URL } from './kitConfig';

// The kits' One Tap block calls `useGoogleOneTap()` with no options, so it would load Google's own script. The
// hook uses `window.google.accounts.id` when the page already has it (googleScript.ts), as a host that loads
// Google's script itself does: the playground loads the script from ONE_TAP_SCRIPT_URL (the provider's stand-in in
// development) before it mounts the widget.

let loading: Promise<boolean> | null = null;

function loadOnce(): Promise<boolean> {
  if ((window as { google?: { accounts?: { id?: unknown } } }).google?.accounts?.id) return Promise.resolve(true);
  if (loading) return loading;
  loading = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = ONE_TAP_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => resolve(true));
    script.addEventListener('error', () => {
      // Another mount may try again (the widget then shows its fallback, having tried Google's URL itself).
      loading = null;
      script.remove();
      resolve(false);
    });
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Loads the One Tap script from ONE_TAP_SCRIPT_URL when `wanted`; `ready` is false until it has loaded or failed,
 * so the widget mounts after it (and its One Tap block finds `google.accounts.id`).
 */
export function useOneTapScript(wanted: boolean): { ready: boolean } {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    void loadOnce().then(() => {
      if (active) setSettled(true);
    });
    return () => {
      active = false;
    };
  }, [wanted]);
  return { ready: !wanted || settled };
}
