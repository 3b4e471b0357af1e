import { AuthenticatedUser, FieldErrors, PageQuery, PageResult, QueryValue } from '@app/common';
import { EntityManager } from 'typeorm';
import { ImageChoice } from './images.service';

/* The shapes PostRecordsService takes and returns, apart from its logic. */

/** What a kind's field checks get besides the record and the body. */
export interface FieldsContext {
  manager: EntityManager;
  user: AuthenticatedUser;
  /** One instant for the whole write. */
  now: Date;
  errors: FieldErrors;
  isCreate: boolean;
}

/** A record built from a body and checked: nothing of it is written yet. */
export interface PostDraft<T, D> {
  record: T;
  dto: D;
  now: Date;
  /** The image to store; undefined keeps the record's. */
  image?: ImageChoice;
  /** The kind's own checked parts (an event's links). */
  extras: unknown;
}

export interface DeleteResult<T> {
  deleted: boolean;
  record: T;
}

/** A list query as every post-like kind reads it. */
export type PostListQuery = PageQuery & { status?: string | string[]; search?: string };

/** A list served in another form than the JSON envelope (a calendar feed): its limit and address. */
export interface ListRepresentation {
  perPageLimit: number;
  url: string;
}

export interface ListResult<T> {
  items: T[];
  page: PageResult;
}

/** A kind's list criteria and the effective query its links repeat (docs/api-rules.md, Lists). */
export interface ListPlan<C> {
  criteria: C;
  echo: Record<string, QueryValue>;
}
