import { isEditorial, UsersService } from '@app/auth';
import {
  AuthenticatedUser,
  cleanHtml,
  Errors,
  slugCandidatePrefix,
  nextFreeSlug,
  parseDateInput,
  slugify,
  toPlainText,
  zoneByName,
} from '@app/common';
import { AppConfig } from '@app/config';
import { containsPattern, isUniqueViolation, LIKE_ESCAPE, TransactionRunner } from '@app/database';
import { EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { PostFieldsDto } from './dto/post-fields.dto';
import { PostRecord } from './entities/post-record.entity';
import { ImagesService } from './images.service';
import { PostErrors } from './post-errors';
import { PostKind } from './post-kind';
import { listStatuses } from './post-list';
import { canAssignAuthor, canEdit, canForceDelete, canRead, effectiveStatus, statusToStore } from './post-permissions';
import { WritableStatus } from './post-status';
import { wholeSeconds } from './publication-date';
import { fitTextColumn } from './text-column';
import { whereVisible } from './visibility';

export type RecordRef = { id: number } | { slug: string };

export interface ListRequest {
  page: number;
  perPage: number;
  statusParam: unknown;
}

export interface DeleteResult<T> {
  deleted: boolean;
  record: T;
}

/**
 * Each round of a slug race has one winner, so N parallel writers of one name need up to N tries;
 * a random pause before each retry spreads the losers out so that most need only one more.
 */
const SLUG_RETRIES = 20;
const SLUG_RETRY_PAUSE_MS = 20;

/**
 * The machinery events, venues and organizers share: lookup with the read rules, statuses and
 * permissions, publication dates, slugs, images, passwords, trash and force delete. A kind adds
 * its own fields (`applyOwnFields`), list filters (`applyListFilters`) and search columns.
 */
export abstract class PostRecordsService<T extends PostRecord, D extends PostFieldsDto = PostFieldsDto> {
  protected abstract readonly kind: PostKind;
  /** Columns searched word by word; a record matches when one column contains every word. */
  protected abstract readonly searchColumns: string[];

  protected constructor(
    protected readonly repository: Repository<T>,
    protected readonly transactions: TransactionRunner,
    protected readonly images: ImagesService,
    protected readonly users: UsersService,
    protected readonly config: AppConfig,
  ) {}

  /** A title or name as stored: plain text that is not empty once its tags are stripped (contract §4). */
  protected plainName(field: string, value: string): string {
    const text = toPlainText(value);
    if (text === '') throw Errors.invalidParam(field, 'validation.isNotEmpty');
    return text;
  }

  /** Copies the kind's own fields from the body onto the record (create: all defaults applied). */
  protected abstract applyOwnFields(record: T, dto: D, manager: EntityManager, isCreate: boolean): Promise<void> | void;

  /** Extra list filters of the kind (e.g. `event`, `has_events`). */
  protected abstract applyListFilters(
    qb: SelectQueryBuilder<T>,
    query: Record<string, unknown>,
    user: AuthenticatedUser | undefined,
    now: Date,
  ): Promise<void> | void;

  /** A new record with every column at its default, before the body is applied. */
  protected abstract blankRecord(): Partial<T>;

  /** Existing records equal to what the body describes (contract §4), to return instead of a duplicate. */
  protected findDuplicates(_manager: EntityManager, _record: T, _dto: D): Promise<T[]> {
    return Promise.resolve([]);
  }

  // ---- reading -------------------------------------------------------------------------------

  protected baseQuery(manager: EntityManager = this.repository.manager): SelectQueryBuilder<T> {
    return manager.createQueryBuilder<T>(this.repository.target, 'p').leftJoinAndSelect('p.image', 'image');
  }

  async findByRef(ref: RecordRef, manager: EntityManager = this.repository.manager): Promise<T | null> {
    const qb = this.baseQuery(manager);
    if ('id' in ref) qb.where('p.id = :id', { id: ref.id });
    else qb.where('p.slug = :slug', { slug: ref.slug.toLowerCase() });
    return qb.getOne();
  }

  /** A record the caller may read, or the 404/403 of contract §6. */
  async getReadable(ref: RecordRef, user: AuthenticatedUser | undefined, password?: string): Promise<T> {
    const record = await this.findByRef(ref);
    if (!record) throw PostErrors.notFound(this.kind, ref);
    const now = new Date();
    if (record.status === 'trash') throw PostErrors.noLongerAvailable(this.kind);
    if (!canRead(user, record, now)) throw PostErrors.notAccessible(this.kind);
    if (this.isLocked(record, user, password, now)) throw PostErrors.passwordProtected(this.kind);
    return record;
  }

  /**
   * Password-protected and not opened: the right password is missing and the caller is neither the
   * owner (even a contributor whose record was published) nor an editor (contract §6).
   */
  isLocked(record: T, user: AuthenticatedUser | undefined, password: string | undefined, _now?: Date): boolean {
    if (!record.password) return false;
    if (isEditorial(user?.role) || user?.id === record.authorId) return false;
    return password !== record.password;
  }

  /**
   * One page of readable records. The page's IDs are selected first and the records loaded by ID,
   * so ordering by computed values (distance) and joins never disturb LIMIT/OFFSET.
   */
  async list(
    user: AuthenticatedUser | undefined,
    query: Record<string, unknown>,
    request: ListRequest,
  ): Promise<{ items: T[]; total: number }> {
    const now = new Date();
    const statuses = listStatuses(user, request.statusParam);
    const qb = this.repository.createQueryBuilder('p');
    whereVisible(qb, 'p', user, statuses, now);
    if (typeof query.search === 'string' && query.search.trim() !== '') this.applySearch(qb, query.search);
    await this.applyListFilters(qb, query, user, now);
    const total = await qb.getCount();
    const offset = (request.page - 1) * request.perPage;
    // Past the end there is nothing to fetch (the caller answers 404), and a huge page would
    // otherwise reach the SQL as an OFFSET like 1e+21.
    if (offset >= total) return { items: [], total };
    qb.select('p.id', 'id');
    this.orderList(qb, query);
    const rows = await qb.offset(offset).limit(request.perPage).getRawMany<{ id: number | string }>();
    return { items: await this.findByIds(rows.map((row) => Number(row.id))), total };
  }

  /** Records in the order of `ids`, with their images. */
  async findByIds(ids: number[], manager: EntityManager = this.repository.manager): Promise<T[]> {
    if (ids.length === 0) return [];
    const records = await this.baseQuery(manager).where('p.id IN (:...ids)', { ids }).getMany();
    const byId = new Map(records.map((record) => [record.id, record]));
    return ids.map((id) => byId.get(id)).filter((record): record is T => record !== undefined);
  }

  /** Newest publication first (contract §3); column names, as the page query selects raw IDs. */
  protected orderList(qb: SelectQueryBuilder<T>, _query: Record<string, unknown>): void {
    qb.orderBy('p.published_utc', 'DESC').addOrderBy('p.id', 'DESC');
  }

  /** Contract §3 for venues and organizers: one column must contain every word of the search. */
  protected applySearch(qb: SelectQueryBuilder<ObjectLiteral>, search: string): void {
    const words = search.trim().split(/\s+/).slice(0, 10);
    const params: Record<string, string> = {};
    words.forEach((word, i) => (params[`search${i}`] = containsPattern(word)));
    const perColumn = this.searchColumns.map(
      (column) => `(${words.map((_w, i) => `LOWER(p.${column}) LIKE :search${i} ESCAPE '${LIKE_ESCAPE}'`).join(' AND ')})`,
    );
    qb.andWhere(`(${perColumn.join(' OR ')})`, params);
  }

  // ---- writing -------------------------------------------------------------------------------

  create(user: AuthenticatedUser, dto: D): Promise<{ record: T; created: boolean }> {
    return this.withSlugRetry(() => this.transactions.run((manager) => this.createIn(manager, user, dto)));
  }

  /**
   * Creates inside the caller's transaction, so an event can create its inline venue or organizer
   * atomically. `created` is false when an equal record already existed (duplicate avoidance).
   */
  async createIn(manager: EntityManager, user: AuthenticatedUser, dto: D): Promise<{ record: T; created: boolean }> {
    const now = wholeSeconds();
    const record = manager.create(this.repository.target, { ...this.blankRecord() } as T);
    record.authorId = user.id;
    record.publishedUtc = now;
    record.password = null;
    record.imageId = null;
    record.description = '';
    record.excerpt = '';
    record.wasPublished = false;
    await this.applyCommonFields(record, dto, user, manager, now, true);
    await this.applyOwnFields(record, dto, manager, true);
    // Only a record the caller may read is handed back; anything else would leak an unpublished one.
    const duplicate = (await this.findDuplicates(manager, record, dto)).find((candidate) => canRead(user, candidate, now));
    if (duplicate) return { record: duplicate, created: false };
    record.slug = await this.freeSlug(manager, dto.slug || record.title);
    const saved = await manager.save(record);
    await this.afterSave(manager, saved, dto, true, user);
    return { record: (await this.findByRef({ id: saved.id }, manager)) as T, created: true };
  }

  update(user: AuthenticatedUser, ref: RecordRef, dto: D): Promise<T> {
    // Rights that do not depend on the record are checked before it is looked up (contract §6).
    if (dto.author !== undefined && !canAssignAuthor(user, dto.author)) return Promise.reject(Errors.forbidden());
    return this.withSlugRetry(() =>
      this.transactions.run(async (manager) => {
        const record = await this.findByRef(ref, manager);
        if (!record) throw PostErrors.notFound(this.kind, ref);
        const now = wholeSeconds();
        if (!canEdit(user, record, now)) throw Errors.forbidden();
        await this.applyCommonFields(record, dto, user, manager, now, false);
        await this.applyOwnFields(record, dto, manager, false);
        if (dto.slug !== undefined) record.slug = await this.freeSlug(manager, dto.slug || record.title, record.id);
        // A relation object left on the entity would make save() re-link the old image.
        delete (record as Partial<PostRecord>).image;
        const saved = await manager.save(record);
        await this.afterSave(manager, saved, dto, false, user);
        return (await this.findByRef({ id: saved.id }, manager)) as T;
      }),
    );
  }

  /** Trash, or with `force` delete for good (contract §5). */
  delete(user: AuthenticatedUser, ref: RecordRef, force: boolean): Promise<DeleteResult<T>> {
    // Checked before the lookup: a 403 even for a record that does not exist (contract §6).
    if (force && !canForceDelete(user)) return Promise.reject(Errors.forbidden());
    return this.transactions.run(async (manager) => {
      const record = await this.findByRef(ref, manager);
      if (!record) throw PostErrors.notFound(this.kind, ref);
      const now = wholeSeconds();
      if (force) {
        await this.deleteLinks(manager, record.id);
        await manager.delete(this.repository.target, { id: record.id });
        return { deleted: true, record };
      }
      if (!canEdit(user, record, now)) throw Errors.forbidden();
      if (record.status === 'trash') throw PostErrors.inTrash(this.kind);
      await manager.update(this.repository.target, { id: record.id }, { status: 'trash', modifiedUtc: now } as never);
      return { deleted: false, record: (await this.findByRef({ id: record.id }, manager)) as T };
    });
  }

  /** Link rows to remove when a record is deleted for good. */
  protected abstract deleteLinks(manager: EntityManager, id: number): Promise<void>;

  /** Hook for kinds with linked records written in the same transaction (events). */
  protected afterSave(_manager: EntityManager, _record: T, _dto: D, _isCreate: boolean, _user: AuthenticatedUser): Promise<void> {
    return Promise.resolve();
  }

  private async applyCommonFields(
    record: T,
    dto: D,
    user: AuthenticatedUser,
    manager: EntityManager,
    now: Date,
    isCreate: boolean,
  ): Promise<void> {
    if (dto.author !== undefined && dto.author !== record.authorId) {
      if (!canAssignAuthor(user, dto.author)) throw Errors.forbidden();
      if (!(await this.users.findById(dto.author))) throw Errors.invalidParam('author', 'validation.userExists');
      record.authorId = dto.author;
    }
    const published = this.publicationDate(dto);
    if (published) record.publishedUtc = published;
    // A trashed record stays in trash until an update names a status (that is the restore).
    const trashedAndUntouched = record.status === 'trash' && dto.status === undefined;
    if (!trashedAndUntouched && (isCreate || dto.status !== undefined || published)) {
      const requested = dto.status ?? (isCreate ? undefined : (record.status as WritableStatus));
      record.status = statusToStore(user, requested, record.publishedUtc, now);
    }
    if (effectiveStatus(record, now) === 'publish') record.wasPublished = true;
    if (dto.description !== undefined) record.description = fitTextColumn('description', cleanHtml(dto.description));
    if (dto.image !== undefined) record.imageId = await this.images.resolve(manager, dto.image);
    if (dto.password !== undefined) record.password = dto.password === '' ? null : dto.password;
    record.modifiedUtc = now;
  }

  /** `date_utc` (UTC) wins over `date` (site time zone); both accept every form of contract §4. */
  private publicationDate(dto: PostFieldsDto): Date | null {
    const now = new Date();
    for (const [field, zone] of [
      ['date_utc', 'UTC'],
      ['date', this.config.siteTimezone],
    ] as const) {
      const value = dto[field];
      if (value === undefined || value === '') continue;
      const parsed = parseDateInput(value, zoneByName(zone), now);
      if (!parsed) throw Errors.invalidParam(field, 'validation.date');
      return wholeSeconds(parsed);
    }
    return null;
  }

  private async freeSlug(manager: EntityManager, source: string, selfId?: number): Promise<string> {
    const base = slugify(source) || this.kind.fallbackSlug;
    const common = slugCandidatePrefix(base);
    const qb = manager
      .createQueryBuilder<T>(this.repository.target, 'p')
      .select('p.slug', 'slug')
      .where(`p.slug LIKE :prefix ESCAPE '${LIKE_ESCAPE}'`, { prefix: containsPattern(common).slice(1) });
    if (selfId !== undefined) qb.andWhere('p.id <> :selfId', { selfId });
    const taken = (await qb.getRawMany<{ slug: string }>()).map((row) => row.slug);
    return nextFreeSlug(base, taken);
  }

  /** Two writers may pick the same free slug at once; the unique index decides and we retry. */
  protected async withSlugRetry<R>(work: () => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * SLUG_RETRY_PAUSE_MS));
      }
    }
  }
}
