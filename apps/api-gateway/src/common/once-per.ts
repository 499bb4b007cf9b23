/**
 * Says yes to a key at most once per interval: for "last used" timestamps written at most once a minute per
 * token or link rather than once per request. Keys older than the interval are forgotten as others come in.
 */
export class OncePer {
  private readonly last = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  due(key: string, now = Date.now()): boolean {
    if (now - (this.last.get(key) ?? -Infinity) < this.intervalMs) return false;
    this.last.set(key, now);
    if (this.last.size > 10_000) for (const [k, at] of this.last) if (now - at >= this.intervalMs) this.last.delete(k);
    return true;
  }
}
