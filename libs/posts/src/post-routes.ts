import {
  AuthenticatedUser,
  clampPerPage,
  LinkContext,
  PageQuery,
  pageResponse,
  paginate,
  parseLooseBoolean,
  QueryValue,
} from '@app/common';
import type { Response } from 'express';
import { PostFieldsDto } from './dto/post-fields.dto';
import { PostRecord } from './entities/post-record.entity';
import { PostKind } from './post-kind';
import { PostRecordsService, RecordRef } from './post-records.service';

export interface PresentContext<T> {
  links: LinkContext;
  user: AuthenticatedUser | undefined;
  /** Single-record GETs add what lists leave out (json_ld). */
  single: boolean;
  now: Date;
  /** Password-protected and not opened by this caller. */
  isLocked(record: T): boolean;
}

/** Maps records to responses, all at once, so linked records load in a fixed number of queries. */
export type PostPresenter<T> = (records: T[], context: PresentContext<T>) => Promise<object[]> | object[];

/**
 * The HTTP side of a post-like resource, shared by its controllers: each route handler is one call
 * here, so venues, organizers and events answer alike (status codes, Location, envelopes).
 */
export class PostRoutes<T extends PostRecord, D extends PostFieldsDto> {
  constructor(
    private readonly kind: PostKind,
    private readonly service: PostRecordsService<T, D>,
    private readonly present: PostPresenter<T>,
    private readonly maxPerPage: () => number,
  ) {}

  async list(
    user: AuthenticatedUser | undefined,
    query: PageQuery & { status?: string | string[] },
    effectiveQuery: Record<string, QueryValue>,
    links: LinkContext,
    res: Response,
  ) {
    const request = { page: query.page ?? 1, perPage: clampPerPage(query.per_page, this.maxPerPage()), statusParam: query.status };
    const { items, total } = await this.service.list(user, query as Record<string, unknown>, request);
    const page = paginate(this.kind.name, `${links.restBase}/${this.kind.collection}`, effectiveQuery, request, total);
    const body = await this.presentAll(items, links, user, false, (record, now) => this.service.isLocked(record, user, undefined, now));
    return pageResponse(res, this.kind.collection, body, page);
  }

  async get(ref: RecordRef, user: AuthenticatedUser | undefined, password: string | undefined, links: LinkContext) {
    const record = await this.service.getReadable(ref, user, password);
    return this.presentOne(record, links, user, true);
  }

  async create(user: AuthenticatedUser, dto: D, links: LinkContext, res: Response) {
    const { record } = await this.service.create(user, dto);
    const body = await this.presentOne(record, links, user, false);
    res.setHeader('Location', `${links.restBase}/${this.kind.collection}/${record.id}`);
    return body;
  }

  async update(user: AuthenticatedUser, ref: RecordRef, dto: D, links: LinkContext) {
    const record = await this.service.update(user, ref, dto);
    return this.presentOne(record, links, user, false);
  }

  /** `force` may come in the query or the body. */
  async delete(user: AuthenticatedUser, ref: RecordRef, force: boolean | undefined, body: unknown, links: LinkContext) {
    const forced = force ?? parseLooseBoolean((body as { force?: unknown } | undefined)?.force) ?? false;
    const { deleted, record } = await this.service.delete(user, ref, forced);
    const presented = await this.presentOne(record, links, user, false);
    return deleted ? { deleted: true, previous: presented } : presented;
  }

  private async presentOne(record: T, links: LinkContext, user: AuthenticatedUser | undefined, single: boolean): Promise<object> {
    const [body] = await this.presentAll([record], links, user, single, () => false);
    return body;
  }

  private async presentAll(
    records: T[],
    links: LinkContext,
    user: AuthenticatedUser | undefined,
    single: boolean,
    locked: (record: T, now: Date) => boolean,
  ): Promise<object[]> {
    const now = new Date();
    return this.present(records, { links, user, single, now, isLocked: (record) => locked(record, now) });
  }
}
