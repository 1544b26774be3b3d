// The refresh timing constants, public (index.ts) and apart from the scheduler: the scheduler loads only once a
// session exists, and an app bundler keeps a whole module that the first load re-exports in the first load. The
// scheduler does not import them either (a module the first load and a lazy chunk both import is a chunk of its own
// in the first load): the session manager hands them over as `REFRESH_TIMING`.

/** A background refresh runs this often while a session is held. */
export const REFRESH_INTERVAL_MS = 180_000;
/** The first retry of a failed refresh waits twice this (base 2000 ms, doubled per attempt). */
export const BACKOFF_BASE_MS = 2000;
/** The attempt count stops growing here, so the longest wait is 2000 · 2^7 = 256 000 ms. */
export const BACKOFF_EXPONENT_CAP = 7;
/** Each retry moves by up to this much either way, so tabs that failed together do not retry together. */
export const JITTER_MS = 175;

/**
 * The wait before retry number `attempt` (1 for the first failure): `2000 · 2^min(attempt, 7)` plus
 * `random() · 350 − 175`, in whole milliseconds. With `random` returning 0.5 there is no jitter:
 * 4000, 8000, … 256000.
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const exponent = Math.min(attempt, BACKOFF_EXPONENT_CAP);
  // Rounded because timers truncate fractions anyway; this way the value returned is the wait observed.
  return Math.round(BACKOFF_BASE_MS * 2 ** exponent + (random() * 2 * JITTER_MS - JITTER_MS));
}

/** What the scheduler takes from this module, handed over by the session manager when it starts the refresh. */
export interface RefreshTiming {
  intervalMs: number;
  backoffDelay(attempt: number, random: () => number): number;
}

export const REFRESH_TIMING: RefreshTiming = { intervalMs: REFRESH_INTERVAL_MS, backoffDelay };
