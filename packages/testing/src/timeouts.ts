// How long tests wait, sized for a loaded CI machine (two cores, several vitest projects at once). Used by the
// React packages' vitest projects (vitestProject.ts) and their setup file.

/**
 * How long `findBy…`, `waitFor` and `expect.poll` wait for the visible state before failing. testing-library's
 * default (1 s) is less than one real provider call with argon2id on a busy machine.
 */
export const ASYNC_TIMEOUT = 10_000;

/** A whole test, and a hook: room for several argon2id hashes at the provider's real cost plus the waits above. */
export const TEST_TIMEOUT = 30_000;
