import type { DataVersion } from '@app/domain';
import type { EntityManager } from 'typeorm';

/** Where the HTTP caching reads the data version (the app binds DataVersionRepository). */
export const DATA_VERSION_SOURCE = Symbol('DATA_VERSION_SOURCE');

/** The ETag input of a data version: equal tokens, equal answers. */
export const versionToken = ({ version, nextDue }: Pick<DataVersion, 'version' | 'nextDue'>): string => `${version}|${nextDue}`;

export interface DataVersionSource {
  /** The data version at `now`; `db` reads it inside a transaction. */
  current(now: Date, db?: EntityManager): Promise<DataVersion>;
}
