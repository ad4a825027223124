import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * An in-memory storage adapter for the test OpenID Provider, one per
 * provider. oidc-provider's own memory adapter is the same thing, but the
 * provider warns on every start when it is used (it is meant as a
 * quick start, not for a provider that keeps state across restarts); the
 * test provider's state may well be lost on restart, so this adapter is
 * enough and says so by being given explicitly.
 * @example new Provider(issuer, { adapter: memoryAdapter() })
 */
export function memoryAdapter(): AdapterFactory {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > Date.now()) return entry.payload;
    entries.delete(key);
    return undefined;
  };
  const findWhere = (model: string, match: (payload: AdapterPayload) => boolean): AdapterPayload | undefined => {
    for (const key of entries.keys()) {
      const payload = key.startsWith(`${model}:`) ? live(key) : undefined;
      if (payload !== undefined && match(payload)) return payload;
    }
    return undefined;
  };
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      entries.set(`${model}:${id}`, {
        payload,
        expiresAt: expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000,
      });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      return findWhere(model, (payload) => payload.uid === uid);
    },
    async findByUserCode(userCode) {
      return findWhere(model, (payload) => payload.userCode === userCode);
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      entries.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
    },
  });
}
