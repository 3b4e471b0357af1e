import type { EntityManager } from 'typeorm';

/** Where the HTTP caching reads the data version (the app binds DataVersionRepository). */
export const DATA_VERSION_SOURCE = Symbol('DATA_VERSION_SOURCE');

export interface DataVersionSource {
  /** A token that changes whenever any answer could change; `db` reads it inside a transaction. */
  current(now: Date, db?: EntityManager): Promise<string>;
}
