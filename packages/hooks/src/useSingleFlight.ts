// One action, one request: every flow hook's verbs go through here, so a form's submit is guarded while its request
// is in flight whichever screen, kit or custom UI calls it.
import { useMemo, useRef } from 'react';
import { useLatest } from './flowContext';

// biome-ignore lint/suspicious/noExplicitAny: any async verb, whatever its arguments.
type AsyncVerb = (...args: any[]) => Promise<unknown>;

/**
 * The flow's async verbs, each made single-flight: while a call is in flight, another call of the same verb starts
 * no request and gets the running call's promise (a double click on Continue sends one code, and both clicks see
 * its outcome). The returned verbs keep their identity across renders and run the latest `verbs`. The set of keys
 * must not change between renders.
 */
export function useSingleFlightVerbs<Verbs extends Record<string, AsyncVerb>>(verbs: Verbs): Verbs {
  const latest = useLatest(verbs);
  const inFlight = useRef(new Map<keyof Verbs, Promise<unknown>>());
  const keys = Object.keys(verbs).join('\n');
  return useMemo(() => {
    const guarded: Record<string, AsyncVerb> = {};
    for (const key of keys.split('\n')) {
      guarded[key] = (...args) => {
        const running = inFlight.current.get(key);
        if (running) return running;
        let call: Promise<unknown>;
        try {
          call = latest.current[key]!(...args);
        } catch (error) {
          return Promise.reject(error);
        }
        const settled = call.finally(() => inFlight.current.delete(key));
        inFlight.current.set(key, settled);
        return settled;
      };
    }
    return guarded as Verbs;
  }, [keys, latest]);
}
