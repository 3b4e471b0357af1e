import { AuthenticatedUser, RequestContext } from '@app/common';

export interface PresentOptions<T> {
  context: RequestContext;
  user: AuthenticatedUser | undefined;
  /** Single-record GETs add what lists leave out (json_ld). */
  single: boolean;
  /** Password-protected and not opened by this caller: content fields are emptied (docs/api-rules.md, Statuses, users and permissions). */
  isLocked(record: T): boolean;
}

/** Maps records to responses, all at once, so linked records load in a fixed number of queries. */
export interface PostPresenter<T, R> {
  present(records: T[], options: PresentOptions<T>): Promise<R[]> | R[];
}
