/**
 * `compute` with its answers kept for the keys seen last: each key computed once, then read
 * back. The kept answers are dropped all at once when they reach `max`, so a stream of new
 * keys (client addresses, say) cannot grow the memory without end. For pure functions only.
 */
export function boundedMemo<K, V extends NonNullable<unknown> | null>(max: number, compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= max) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
