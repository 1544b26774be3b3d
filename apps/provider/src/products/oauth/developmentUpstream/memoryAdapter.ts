import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Stored {
  payload: AdapterPayload;
  /** Epoch ms; Infinity when the model has no lifetime. */
  expiresAt: number;
}

/** Sweep expired entries every this many writes, so a long development session does not grow without bound. */
const SWEEP_EVERY = 200;

/**
 * oidc-provider's storage, in memory and private to one upstream. oidc-provider's own memory adapter keeps one
 * cache for the whole process (and warns on every start); each development upstream gets its own maps instead,
 * dropped with it on `close()`.
 */
export function createMemoryAdapterFactory(): AdapterFactory {
  const entries = new Map<string, Stored>();
  const byGrant = new Map<string, Set<string>>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  let writes = 0;

  const live = (key: string | undefined): AdapterPayload | undefined => {
    if (key === undefined) return undefined;
    const stored = entries.get(key);
    if (!stored) return undefined;
    if (stored.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return stored.payload;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, stored] of entries) if (stored.expiresAt <= now) entries.delete(key);
    for (const [grantId, keys] of byGrant) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) byGrant.delete(grantId);
    }
    for (const [uid, key] of byUid) if (!entries.has(key)) byUid.delete(uid);
    for (const [code, key] of byUserCode) if (!entries.has(key)) byUserCode.delete(code);
  };

  return (name: string): Adapter => {
    const keyOf = (id: string) => `${name}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
        if (payload.grantId) {
          const keys = byGrant.get(payload.grantId) ?? new Set<string>();
          keys.add(key);
          byGrant.set(payload.grantId, keys);
        }
        if (payload.uid) byUid.set(`${name}:${payload.uid}`, key);
        if (payload.userCode) byUserCode.set(`${name}:${payload.userCode}`, key);
        writes += 1;
        if (writes % SWEEP_EVERY === 0) sweep();
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        return live(byUid.get(`${name}:${uid}`));
      },
      async findByUserCode(userCode) {
        return live(byUserCode.get(`${name}:${userCode}`));
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
        byGrant.delete(grantId);
      },
    };
  };
}
