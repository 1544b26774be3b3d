/**
 * A loader that runs once and shares its promise; a rejection is not kept, so the next call loads again
 * (a chunk that failed to download, e.g. offline, is fetched anew on the next use).
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * Adds to `target` a stub for each async method named in `methods` (space-separated, dots for sub-namespaces:
 * `'authenticate email.send'`). A stub awaits `load()` (the namespace built from its lazily imported module),
 * then calls the real method with the same arguments, so a refused argument still rejects with its own error.
 */
export function addLazyMethods<T extends object>(target: T, load: () => Promise<unknown>, methods: string): T {
  for (const path of methods.split(' ')) {
    const keys = path.split('.');
    const name = keys.pop() as string;
    let parent = target as Tree;
    for (const key of keys) {
      parent[key] ??= {};
      parent = parent[key] as Tree;
    }
    parent[name] = async (...args: unknown[]) => {
      let namespace = (await load()) as Tree;
      for (const key of keys) namespace = namespace[key] as Tree;
      return (namespace[name] as unknown as (...args: unknown[]) => unknown)(...args);
    };
  }
  return target;
}

type Tree = { [key: string]: Tree | ((...args: unknown[]) => unknown) };
