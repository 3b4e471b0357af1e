/** A stored answer: what is needed to send it again without building it. */
export interface CachedResponse {
  etag: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const ENTRY_OVERHEAD_BYTES = 512;

const sizeOf = (key: string, entry: CachedResponse) =>
  entry.body.length +
  key.length * 2 +
  ENTRY_OVERHEAD_BYTES +
  Object.entries(entry.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0) * 2;

/**
 * Answers kept in memory, least recently used first out, bounded in bytes. Entries are keyed by
 * request and data version, so a write anywhere makes every older entry unreachable; those simply
 * age out.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { entry: CachedResponse; size: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get size(): number {
    return this.bytes;
  }

  get(key: string): CachedResponse | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as most recently used.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.entry;
  }

  set(key: string, entry: CachedResponse): void {
    const size = sizeOf(key, entry);
    if (size > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.size;
    }
    this.entries.set(key, { entry, size });
    this.bytes += size;
    for (const [oldest, { size: oldSize }] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldSize;
    }
  }
}
