import { AuthenticatedUser, clampPerPage, LinkContext, pageResponse, paginate, parseLooseBoolean, QueryValue } from '@app/common';
import type { Response } from 'express';
import { ListPostsQuery } from './dto/list-posts.query';
import { PostFieldsDto } from './dto/post-fields.dto';
import { PostRecord } from './entities/post-record.entity';
import { PostKind } from './post-kind';
import { PostRecordsService, RecordRef } from './post-records.service';

/** Maps a record to its response; `single` adds what only single-record GETs carry (json_ld). */
export type PostPresenter<T> = (record: T, links: LinkContext, options: { single: boolean; now: Date; locked: boolean }) => object;

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
    query: ListPostsQuery,
    effectiveQuery: Record<string, QueryValue>,
    links: LinkContext,
    res: Response,
  ) {
    const request = { page: query.page ?? 1, perPage: clampPerPage(query.per_page, this.maxPerPage()), statusParam: query.status };
    const { items, total } = await this.service.list(user, query as Record<string, unknown>, request);
    const page = paginate(this.kind.name, `${links.restBase}/${this.kind.collection}`, effectiveQuery, request, total);
    const now = new Date();
    const body = items.map((record) =>
      this.present(record, links, { single: false, now, locked: this.service.isLocked(record, user, undefined, now) }),
    );
    return pageResponse(res, this.kind.collection, body, page);
  }

  async get(ref: RecordRef, user: AuthenticatedUser | undefined, password: string | undefined, links: LinkContext) {
    const record = await this.service.getReadable(ref, user, password);
    return this.present(record, links, { single: true, now: new Date(), locked: false });
  }

  async create(user: AuthenticatedUser, dto: D, links: LinkContext, res: Response) {
    const { record } = await this.service.create(user, dto);
    const body = this.present(record, links, { single: false, now: new Date(), locked: false });
    res.setHeader('Location', `${links.restBase}/${this.kind.collection}/${record.id}`);
    return body;
  }

  async update(user: AuthenticatedUser, ref: RecordRef, dto: D, links: LinkContext) {
    const record = await this.service.update(user, ref, dto);
    return this.present(record, links, { single: false, now: new Date(), locked: false });
  }

  /** `force` may come in the query or the body. */
  async delete(user: AuthenticatedUser, ref: RecordRef, force: boolean | undefined, body: unknown, links: LinkContext) {
    const forced = force ?? parseLooseBoolean((body as { force?: unknown } | undefined)?.force) ?? false;
    const { deleted, record } = await this.service.delete(user, ref, forced);
    const presented = this.present(record, links, { single: false, now: new Date(), locked: false });
    return deleted ? { deleted: true, previous: presented } : presented;
  }
}
