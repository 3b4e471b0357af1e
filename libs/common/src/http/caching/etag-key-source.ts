/** Where the HTTP caching gets the key of its ETags (the app binds the database's shared secret). */
export const ETAG_KEY_SOURCE = Symbol('ETAG_KEY_SOURCE');

export interface EtagKeySource {
  /** The same key on every instance of one database, so that their ETags agree. */
  etagKey(): Promise<Buffer>;
}
