// One action, one request: every flow hook's verbs go through here, so a form's submit is guarded while its request
// is in flight whichever screen, kit or custom UI calls it.
import { useMemo, useRef } from 'react';
import { useLatest } from './flowContext';

// biome-ignore lint/suspicious/noExplicitAny: any async verb, whatever its arguments.
type AsyncVerb = (...args: any[]) => Promise<unknown>;

/**
 * The flow's async verbs, each made single-flight: while a call is in flight, another call of the same verb starts
 * no request and gets the running call's promise (a double click on Continue sends one code, and both clicks see
 * its outcome). Verbs listed together in `shared` are one flight: while one runs, a call of any of them gets its
 * promise (the ways to prove one step: a recovery code typed while the passkey prompt is open is not spent). The
 * returned verbs keep their identity across renders and run the latest `verbs`. The set of keys, and `shared`, must
 * not change between renders.
 */
export function useSingleFlightVerbs<Verbs extends Record<string, AsyncVerb>>(
  verbs: Verbs,
  shared: readonly (readonly (keyof Verbs & string)[])[] = [],
): Verbs {
  const latest = useLatest(verbs);
  const inFlight = useRef(new Map<string, Promise<unknown>>());
  const keys = Object.keys(verbs).join('\n');
  const groups = shared.map((group) => group.join(' ')).join('\n');
  return useMemo(() => {
    const flightOf = new Map<string, string>();
    for (const group of groups.split('\n')) {
      const members = group.split(' ').filter(Boolean);
      for (const member of members) flightOf.set(member, members[0] as string);
    }
    const guarded: Record<string, AsyncVerb> = {};
    for (const key of keys.split('\n')) {
      const flight = flightOf.get(key) ?? key;
      guarded[key] = (...args) => {
        const running = inFlight.current.get(flight);
        if (running) return running;
        let call: Promise<unknown>;
        try {
          call = latest.current[key]!(...args);
        } catch (error) {
          return Promise.reject(error);
        }
        const settled = call.finally(() => inFlight.current.delete(flight));
        inFlight.current.set(flight, settled);
        return settled;
      };
    }
    return guarded as Verbs;
  }, [keys, groups, latest]);
}
