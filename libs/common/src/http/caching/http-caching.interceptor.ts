import { APP_CONFIG, AppConfig } from '@app/config';
import { withWriteCondition, WriteCondition } from '@app/database';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, OnApplicationBootstrap } from '@nestjs/common';
import type { Response } from 'express';
import { from, map, Observable, switchMap } from 'rxjs';
import { Errors } from '../../errors/errors';
import { ApiRequest } from '../api-request';
import { toJsonText } from '../json-text';
import { API_NAMESPACE } from '../links';
import { CachedAnswer } from './cached-answer';
import { DATA_VERSION_SOURCE, DataVersionSource, versionToken } from './data-version-source';
import { matchHits, noneMatchAny, noneMatchHits } from './etag';
import { ETAG_KEY_SOURCE, EtagKeySource } from './etag-key-source';
import { NotModified } from './not-modified';
import { requestEtag } from './request-etag';
import { ResponseCache } from './response-cache';
import { routeQueryParameters } from './route-query';
import { VersionReads } from './version-reads';
import { isUncached } from './uncached';

const JSON_TYPE = 'application/json; charset=utf-8';

const READS = new Set(['GET', 'HEAD']);
const WRITES = new Set(['PUT', 'PATCH', 'POST', 'DELETE']);
/** A record's own route (by ID or by slug): where If-Match applies. */
const RECORD_PATH = /\/(?:\d+|by-slug\/[^/]+)\/?$/;

/** Whether a read names a record password (`password=`, also empty or repeated). */
function carriesPassword(req: ApiRequest): boolean {
  return Object.prototype.hasOwnProperty.call(req.query ?? {}, 'password');
}

function notModified(): never {
  throw new NotModified();
}

/**
 * HTTP caching and preconditions (docs/api-rules.md, HTTP caching and preconditions) for the API's routes. Reads: a strong ETag from
 * the data version and the request, `If-None-Match` answered 304 before the handler runs, and
 * `Cache-Control` by caller; anonymous answers kept in memory by ETag (CACHE_MAX_MB). Writes to a record with `If-Match`: the condition travels with the
 * write transaction (WriteCondition) and is checked after the work's own 401/403/404, before commit.
 */
@Injectable()
export class HttpCachingInterceptor implements NestInterceptor, OnApplicationBootstrap {
  private readonly siteDay: Intl.DateTimeFormat;
  /** Anonymous answers by ETag: the tag names the data version and everything else the body depends on. */
  private readonly cache: ResponseCache;
  /** The data version at the start of each read, one query for the reads that arrive together. */
  private readonly reads: VersionReads;
  /** The ETags' key, read (or created) once; a failed read is tried again by the next request. */
  private key: Promise<Buffer> | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATA_VERSION_SOURCE) private readonly versions: DataVersionSource,
    @Inject(ETAG_KEY_SOURCE) private readonly keys: EtagKeySource,
  ) {
    this.cache = new ResponseCache(config.cacheMaxMb * 1024 * 1024);
    this.reads = new VersionReads(versions);
    this.siteDay = new Intl.DateTimeFormat('en-CA', { timeZone: config.siteTimezone, year: 'numeric', month: '2-digit', day: '2-digit' });
  }

  /** The first start on a database creates the shared key; every start reads it before serving. */
  async onApplicationBootstrap(): Promise<void> {
    await this.etagKey();
  }

  private etagKey(): Promise<Buffer> {
    this.key ??= this.keys.etagKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = execution.switchToHttp();
    const req = http.getRequest<ApiRequest>();
    if (!req.path.startsWith(`/${API_NAMESPACE}`) || isUncached(execution.getClass(), execution.getHandler())) return next.handle();
    if (READS.has(req.method)) {
      const parameters = routeQueryParameters(execution.getClass(), execution.getHandler());
      return from(this.etagOf(req, { parameters })).pipe(switchMap((etag) => this.read(req, http.getResponse<Response>(), etag, next)));
    }
    const ifMatch = req.headers['if-match'];
    if (WRITES.has(req.method) && ifMatch !== undefined && RECORD_PATH.test(req.path)) {
      const condition = this.ifMatchCondition(req, ifMatch);
      return new Observable((subscriber) => withWriteCondition(condition, () => next.handle().subscribe(subscriber)));
    }
    return next.handle();
  }

  private read(req: ApiRequest, res: Response, etag: string, next: CallHandler): Observable<unknown> {
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', req.headers.authorization === undefined ? 'public, no-cache' : 'private, no-cache');
    // Added to what is there (the event list also varies by Accept: its iCalendar feed).
    res.vary('Accept-Language');
    res.vary('Authorization');
    const ifNoneMatch = req.headers['if-none-match'];
    // A record password is checked, and its failures counted, by the handler: such a request is
    // never answered before it runs, from the cache or with a 304.
    const password = carriesPassword(req);
    const hit = noneMatchHits(ifNoneMatch, etag);
    if (hit && !password) throw new NotModified();
    // `*` (or a password's tag) matches only a representation the caller may read: the handler
    // decides, and its 404, 403 or 429 answers instead.
    if (hit || noneMatchAny(ifNoneMatch)) return next.handle().pipe(map(() => notModified()));
    if (!this.cache.enabled || req.headers.authorization !== undefined || password) return next.handle();
    const cached = this.cache.get(etag);
    if (cached) throw new CachedAnswer(cached);
    const before = new Set(res.getHeaderNames());
    return next.handle().pipe(map((body: unknown) => this.store(etag, res, before, body)));
  }

  /**
   * Keeps the answer with the headers its handler set (paging, Link; not those every request sets
   * itself, such as its ID or CORS), and sends the same bytes now, serialized once.
   */
  private store(etag: string, res: Response, before: Set<string>, body: unknown): unknown {
    if (res.statusCode !== 200 || body === undefined || body === null) return body;
    // Objects leave as JSON; text (an iCalendar feed) with the type its handler set.
    if (typeof body !== 'object' && typeof body !== 'string') return body;
    const text = typeof body === 'string' ? body : toJsonText(body);
    if (typeof body !== 'string') res.setHeader('Content-Type', JSON_TYPE);
    const headers: Record<string, string> = {};
    for (const name of res.getHeaderNames()) {
      if (!before.has(name)) headers[name] = String(res.getHeader(name));
    }
    this.cache.set(etag, { etag, status: 200, headers, body: Buffer.from(text) });
    return text;
  }

  /** A read's ETag at the data version it starts at (`options.version`: a write's check, at a version it read). */
  private async etagOf(
    req: ApiRequest,
    options: { withoutQuery?: boolean; version?: string; parameters?: ReadonlySet<string> | null } = {},
  ): Promise<string> {
    const key = await this.etagKey();
    if (options.version !== undefined) {
      const now = req.context?.now ?? new Date();
      return requestEtag(req, { version: options.version, now, siteDay: this.siteDay.format(now), key }, options);
    }
    const { now, version: current } = await this.reads.read();
    const version = versionToken(current);
    // The request's one instant becomes the version's, so its windows and due events agree with its
    // ETag; the handler need not ask again whether scheduled events await publishing.
    if (req.context) Object.assign(req.context, { now, eventsDue: current.eventsDue, seriesDue: current.seriesDue, dataVersion: version });
    return requestEtag(req, { version, now, siteDay: this.siteDay.format(now), key }, options);
  }

  /**
   * The record's ETag as its GET (same caller, language, no query) answers it. The scheduled
   * instants are taken before the write (the write may schedule the record itself), the version
   * just before the commit, so a write committed by anyone meanwhile makes the tag stale.
   */
  private ifMatchCondition(req: ApiRequest, ifMatch: string): WriteCondition {
    const now = req.context?.now ?? new Date();
    let dueBefore = '';
    return {
      begin: async (db) => {
        dueBefore = (await this.versions.current(now, db)).nextDue;
      },
      check: async (db) => {
        const { version: committed } = await this.versions.current(now, db);
        const version = versionToken({ version: committed, nextDue: dueBefore });
        const etag = await this.etagOf(req, { withoutQuery: true, version });
        if (!matchHits(ifMatch, etag)) throw Errors.preconditionFailed();
      },
    };
  }
}
