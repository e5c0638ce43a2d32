/**
 * A least-recently-used cache bounded by total bytes, with a time to live. Map iteration order is
 * insertion order, so re-inserting on read keeps the least recent entry first.
 */
export class ByteLruCache<V extends { size: number }> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.bytes -= entry.value.size;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for the time to live, or until `expiresAt` if that comes first. */
  set(key: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    if (value.size > this.maxBytes) return;
    const existing = this.entries.get(key);
    if (existing) {
      this.entries.delete(key);
      this.bytes -= existing.value.size;
    }
    this.entries.set(key, { value, expiresAt: Math.min(this.now() + this.ttlMs, expiresAt) });
    this.bytes += value.size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.value.size;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.bytes;
  }
}
