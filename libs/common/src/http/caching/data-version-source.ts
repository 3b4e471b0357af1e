import type { EntityManager } from 'typeorm';

/** What a read's answer depends on besides the request, read in one query at its start. */
export interface DataVersion {
  /** Raised in the transaction of every write. */
  version: string;
  /**
   * The next instants a scheduled record becomes due, as text, and `grow` while an endless series
   * awaits growth: an answer changes then without a write.
   */
  nextDue: string;
  /** Whether a scheduled event is due at `now` and not yet published (the read publishes it first). */
  eventsDue: boolean;
  /** Whether an endless series' occurrences end before the growth target (the next list read extends it). */
  seriesDue: boolean;
}

/** Where the HTTP caching reads the data version (the app binds libs/domain's DataVersionRepository). */
export const DATA_VERSION_SOURCE = Symbol('DATA_VERSION_SOURCE');

/** The ETag input of a data version: equal tokens, equal answers. */
export const versionToken = ({ version, nextDue }: Pick<DataVersion, 'version' | 'nextDue'>): string => `${version}|${nextDue}`;

export interface DataVersionSource {
  /** The data version at `now`; `db` reads it inside a transaction. */
  current(now: Date, db?: EntityManager): Promise<DataVersion>;
}
