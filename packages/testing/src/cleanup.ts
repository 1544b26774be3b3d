const cleanups: (() => Promise<void> | void)[] = [];

/** Runs `cleanup` after the current test (last registered, first run). */
export function registerCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Runs and forgets every registered cleanup; setup.ts calls it after each test. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()?.();
}
