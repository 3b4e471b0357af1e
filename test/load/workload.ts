import { HttpClient, HttpRequest, HttpResult } from './http-client';

// The vocabulary of the load harness: what a request was meant to do, what it answered, and what a run has learnt.

export const NS = '/calendar/events/v1';

/** What a request was meant to do; the checks judge its answer by this. */
type OpKind =
  | 'create'
  | 'update'
  | 'trash'
  | 'force'
  /** Create with end_date before start_date: must be 400 and write nothing. */
  | 'reject-dates'
  /** Valid create whose last tag is an unknown ID: fails after the event, venue, organizer and terms were written. */
  | 'reject-late'
  /** Update naming new linked records plus an unknown tag ID: must be 400 and change nothing. */
  | 'reject-update'
  /** List probes for names only rejected writes use: anything found was read before a rollback. */
  | 'probe'
  | 'read'
  /** Read-your-writes: a GET of a just-created event through another instance (test/cluster). */
  | 'ryw'
  /** Series writes (test/cluster/series-load.ts): a weekly series, one occurrence's exception, a split. */
  | 'series-create'
  | 'exception'
  | 'split';

export const WRITE_OPS: ReadonlySet<OpKind> = new Set([
  'create',
  'update',
  'trash',
  'force',
  'reject-dates',
  'reject-late',
  'reject-update',
]);
/** Writes to series, checked on their own (test/cluster/series-load.ts), not by the single-event checks. */
export const SERIES_OPS: ReadonlySet<OpKind> = new Set(['series-create', 'exception', 'split']);
export const REJECT_OPS: ReadonlySet<OpKind> = new Set(['reject-dates', 'reject-late', 'reject-update']);

export interface Exchange extends HttpResult {
  seq: number;
  phase: string;
  op: OpKind;
  instance: string;
  method: string;
  path: string;
  role: string;
  body?: Record<string, unknown>;
  /** The event an update or delete acts on; for a 2xx create, the ID it answered. */
  target?: number;
  /** Names that only this request uses (all must be absent when it failed). */
  uniqueNames: string[];
}

export interface Credential {
  role: string;
  token: string;
}

export interface Tokens {
  admin: Credential;
  editors: Credential[];
  author: Credential;
}

export interface Target {
  name: string;
  client: HttpClient;
}

/** Every name of a rejected request contains this; nothing named so may ever be stored or listed. */
export const REJECT_MARK = 'zzrej';

export const random = (n: number) => Math.floor(Math.random() * n);
export const pick = <T>(items: readonly T[]): T => items[random(items.length)];

export const marker = (seq: number) => `[cc:${seq}]`;
export const requestId = (seq: number) => `conc-${seq}`;
export const MARKER_PATTERN = /\[cc:(\d+)\]/;

/** Everything a database run has sent and learnt, across its phases. */
export class LoadState {
  seq = 0;
  readonly exchanges: Exchange[] = [];
  /** Events created by 2xx POSTs and not force-deleted: updates and deletes pick from the newest. */
  readonly hot: number[] = [];
  readonly venueIds = new Set<number>();
  readonly organizerIds = new Set<number>();

  constructor(readonly tokens: Tokens) {}

  pickHot(): number | undefined {
    if (this.hot.length === 0) return undefined;
    const window = this.hot.slice(-40);
    return pick(window);
  }
}

export interface Built {
  op: OpKind;
  request: HttpRequest;
  role: string;
  target?: number;
  uniqueNames: string[];
}
