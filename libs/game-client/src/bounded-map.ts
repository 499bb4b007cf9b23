/**
 * A Map that holds at most `max` entries: setting a new key beyond that forgets the oldest one (insertion order;
 * setting a key again makes it the newest). For caches keyed by something outside the process's control.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }
}
