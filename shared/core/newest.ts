/**
 * Sets `key` as the newest entry of `map` (a Map keeps insertion order) and drops the oldest entries past
 * `max`: a per-process memory of the most recent keys, bounded however many keys come.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) return;
    map.delete(oldest);
  }
}
