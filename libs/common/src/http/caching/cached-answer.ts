import type { Response } from 'express';
import type { CachedResponse } from './response-cache';

/**
 * Thrown by the HTTP caching interceptor when the response cache holds the answer to an
 * anonymous read: the exception filter sends the stored bytes, and no handler runs. Not an Error:
 * a hit is the hot path, and it needs no stack.
 */
export class CachedAnswer {
  constructor(readonly answer: CachedResponse) {}

  send(res: Response): void {
    res.status(this.answer.status);
    for (const [name, value] of Object.entries(this.answer.headers)) res.setHeader(name, value);
    res.end(this.answer.body);
  }
}
