import {
  type DevelopmentUpstream,
  type StartDevelopmentUpstreamOptions,
  startDevelopmentUpstream,
} from './startDevelopmentUpstream';

/** A development upstream that starts on first use; `createProvider` holds one and closes it with the provider. */
export interface LazyDevelopmentUpstream {
  /** The running upstream, started by the first call; concurrent first calls share one start. */
  get(): Promise<DevelopmentUpstream>;
  /** Whether a start has begun (and not been closed). */
  isStarted(): boolean;
  /** Closes the upstream if it was started; later `get()` calls fail. */
  close(): Promise<void>;
}

/**
 * Wraps `startDevelopmentUpstream` so that providers which never sign anyone in socially (nearly every test
 * provider) never open a listener. A failed start is not cached: the next `get()` tries again.
 */
export function createLazyDevelopmentUpstream(
  options: StartDevelopmentUpstreamOptions | (() => StartDevelopmentUpstreamOptions),
): LazyDevelopmentUpstream {
  let starting: Promise<DevelopmentUpstream> | null = null;
  let isClosed = false;
  return {
    get() {
      if (isClosed) return Promise.reject(new Error('The development upstream was closed with its provider'));
      if (starting === null) {
        const start = startDevelopmentUpstream(typeof options === 'function' ? options() : options);
        starting = start;
        start.catch(() => {
          if (starting === start) starting = null;
        });
      }
      return starting;
    },
    isStarted: () => starting !== null,
    async close() {
      isClosed = true;
      const start = starting;
      starting = null;
      if (start === null) return;
      const upstream = await start.catch(() => null);
      await upstream?.close();
    },
  };
}
