/**
 * Thrown by the HTTP caching interceptor when `If-None-Match` holds the current ETag: the
 * exception filter answers 304 with the headers already set, and no answer is built.
 */
export class NotModified extends Error {
  constructor() {
    super('not modified');
    this.name = 'NotModified';
  }
}
