import { DataVersion, DataVersionSource } from './data-version-source';

/** A data version read, and the instant it was read at (the readers' `now`). */
interface VersionReading {
  now: Date;
  version: DataVersion;
}

/**
 * Reads of the data version shared by the requests that arrive while one is under way: they wait
 * for the next read, which starts after they arrived, so each still sees every write committed
 * before it came in (on every instance), and one query answers them all. Under load, a busy
 * instance asks once per round trip instead of once per request. The shared read's instant becomes
 * each request's `now`: an instant during the request, as every `now` is.
 */
export class VersionReads {
  /** The read under way, if any. */
  private current: Promise<VersionReading> | undefined;
  /** The read the next arrivals join: it starts when the current one ends. */
  private next: Promise<VersionReading> | undefined;

  constructor(private readonly source: DataVersionSource) {}

  read(): Promise<VersionReading> {
    this.next ??= this.startAfter(this.current);
    return this.next;
  }

  private async startAfter(previous: Promise<VersionReading> | undefined): Promise<VersionReading> {
    await previous?.catch(() => undefined);
    const now = new Date();
    const reading = this.source.current(now).then((version) => ({ now, version }));
    // From here on, arrivals form the batch after this one.
    this.next = undefined;
    this.current = reading;
    return reading;
  }
}
