// A value per key loaded once per instance, then refreshed in the background once it is
// older than `refreshMs` while the old one keeps answering: a caller never waits for a
// refresh, only for the very first load (which a failure forgets, so the next call retries).
type Held<V> = { at: number; value: Promise<V> };

export function refreshingCache<K, V>(refreshMs: number, load: (key: K) => Promise<V>) {
  const held = new Map<K, Held<V>>();
  return {
    get(key: K): Promise<V> {
      const hit = held.get(key);
      const now = Date.now();
      if (hit && now - hit.at < refreshMs) return hit.value;
      const fresh = load(key);
      if (!hit) {
        held.set(key, { at: now, value: fresh });
        fresh.catch(() => held.delete(key));
        return fresh;
      }
      hit.at = now; // one refresh at a time
      fresh.then((value) => held.set(key, { at: Date.now(), value: Promise.resolve(value) }), () => undefined);
      return hit.value;
    },
    forget(key: K): void {
      held.delete(key);
    },
    clear(): void {
      held.clear();
    },
  };
}
