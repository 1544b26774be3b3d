import { useEffect, useRef, useState } from 'react';

/** The countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1000;

/** Options of `useCountdown`. */
export interface UseCountdownOptions {
  /** How often the remaining time is updated. Default 1000 ms. */
  tickMs?: number;
  /** The clock. Default `Date.now`. */
  now?: () => number;
}

/** What `useCountdown` returns. */
export interface UseCountdownReturn {
  /** Milliseconds left until `expiresAt`; 0 once expired or when there is no deadline. */
  remainingMs: number;
  /** Whether the deadline has passed (false while `expiresAt` is null). */
  isExpired: boolean;
  /** The remaining time as 'm:ss' ('4:59', '0:05'), rounded up so '0:00' appears only when expired. */
  formatted: string;
}

/** Formats milliseconds as 'm:ss', rounding up to the next whole second. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Time left until `expiresAt` (epoch ms), updated every tick, stopping at zero ('Your code expires in {m:ss}.'). */
export function useCountdown(expiresAt: number | null, options: UseCountdownOptions = {}): UseCountdownReturn {
  const { tickMs = COUNTDOWN_TICK_MS, now = Date.now } = options;
  const remainingAt = (deadline: number | null) => (deadline === null ? 0 : Math.max(0, deadline - now()));
  const [state, setState] = useState(() => ({ expiresAt, remainingMs: remainingAt(expiresAt) }));
  let current = state;
  if (state.expiresAt !== expiresAt) {
    // A new deadline (a resent code) shows at once, not one tick later.
    current = { expiresAt, remainingMs: remainingAt(expiresAt) };
    setState(current);
  }

  const nowRef = useRef(now);
  nowRef.current = now;
  useEffect(() => {
    if (expiresAt === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const remainingMs = Math.max(0, expiresAt - nowRef.current());
      setState({ expiresAt, remainingMs });
      if (remainingMs <= 0) return;
      // Wake on the tick boundaries of the remaining time, so the display changes on time and expiry is exact.
      timer = setTimeout(schedule, remainingMs % tickMs || tickMs);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [expiresAt, tickMs]);

  return {
    remainingMs: current.remainingMs,
    isExpired: expiresAt !== null && current.remainingMs <= 0,
    formatted: formatCountdown(current.remainingMs),
  };
}
