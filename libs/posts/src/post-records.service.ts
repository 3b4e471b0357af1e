import { RateLimiter, UsersService } from '@app/auth';
import {
  AuthenticatedUser,
  chooseFreeSlug,
  clampPerPage,
  cleanHtml,
  Errors,
  PageQuery,
  PageResult,
  paginate,
  parseDateInput,
  QueryValue,
  RequestContext,
  slugBase,
  zoneByName,
} from '@app/common';
import { AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import { PostListCriteria, PostRecord, PostRecordsRepository, RecordRef, WritableStatus } from '@app/domain';
import { EntityManager } from 'typeorm';
import { PostFieldsDto } from './dto/post-fields.dto';
import { ImagesService } from './images.service';
import { PostRecordTools } from './post-record-tools';
import { PostErrors } from './post-errors';
import { PostKind } from './post-kind';
import { listStatuses } from './post-list';
import {
  canAssignAuthor,
  canEdit,
  canForceDelete,
  canRead,
  canRequestStatus,
  effectiveStatus,
  isLockedFor,
  statusToStore,
} from './post-permissions';
import { wholeSeconds } from './publication-date';
import { fitTextColumn } from './text-column';

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

/** A kind's list criteria and the effective query its links repeat (contract §3). */
export interface ListPlan<C> {
  criteria: C;
  echo: Record<string, QueryValue>;
}

/**
 * The rules events, venues and organizers share: reading rules, statuses and permissions,
 * publication dates, slugs, images, passwords, trash and force delete. A kind adds its own fields
 * (`applyOwnFields`) and list filters (`planList`); its repository holds the queries.
 */
export abstract class PostRecordsService<
  T extends PostRecord,
  D extends PostFieldsDto,
  Q extends PostListQuery = PostListQuery,
  C extends PostListCriteria = PostListCriteria,
> {
  abstract readonly kind: PostKind;

  protected readonly transactions: TransactionRunner;
  protected readonly images: ImagesService;
  protected readonly users: UsersService;
  protected readonly config: AppConfig;
  private readonly rateLimiter: RateLimiter;

  protected constructor(
    protected readonly records: PostRecordsRepository<T, C>,
    tools: PostRecordTools,
  ) {
    this.transactions = tools.transactions;
    this.images = tools.images;
    this.users = tools.users;
    this.config = tools.config;
    this.rateLimiter = tools.rateLimiter;
  }

  /** Copies the kind's own fields from the body onto the record (create: all defaults applied). */
  protected abstract applyOwnFields(record: T, dto: D, manager: EntityManager, isCreate: boolean): Promise<void> | void;

  /** The kind's list filters, validated, and the effective query. */
  protected abstract planList(query: Q, base: PostListCriteria): Promise<ListPlan<C>>;

  /** A new record with every column at its default, before the body is applied. */
  protected abstract blankRecord(): Partial<T>;

  /**
   * Hook: the linked records the body names, found or created, before the record's own row is
   * written (lock order: the record, then what it links to, then the link rows). Handed to afterSave.
   */
  protected resolveLinks(_manager: EntityManager, _dto: D, _user: AuthenticatedUser): Promise<unknown> {
    return Promise.resolve(undefined);
  }

  /** Existing records equal to what the body describes (contract §4), to return instead of a duplicate. */
  protected findDuplicates(_manager: EntityManager, _record: T, _dto: D): Promise<T[]> {
    return Promise.resolve([]);
  }

  // ---- reading -------------------------------------------------------------------------------

  findByRef(ref: RecordRef, manager?: EntityManager): Promise<T | null> {
    return this.records.findByRef(ref, manager);
  }

  findByIds(ids: number[]): Promise<T[]> {
    return this.records.findByIds(ids);
  }

  /** Of these IDs, those that exist, kept from deletion by others until the write transaction ends. */
  lockExisting(ids: number[], manager: EntityManager): Promise<number[]> {
    return this.records.lockExisting(ids, manager);
  }

  /**
   * A record the caller may read, or the 404/403 of contract §6. Wrong passwords count against the
   * client's address (and user): over RATE_LIMIT_PASSWORD_FAILURES a 429 answers instead, checked
   * before the password is compared so that a right guess then reveals nothing (issue 12).
   */
  async getReadable(
    ref: RecordRef,
    user: AuthenticatedUser | undefined,
    password: string | undefined,
    context: Pick<RequestContext, 'now' | 'clientAddress'>,
  ): Promise<T> {
    const record = await this.records.findByRef(ref);
    if (!record) throw PostErrors.notFound(this.kind, ref);
    if (record.status === 'trash') throw PostErrors.noLongerAvailable(this.kind);
    if (!canRead(user, record, context.now)) throw PostErrors.notAccessible(this.kind);
    if (!this.isLocked(record, user)) return record;
    if (password === undefined) throw PostErrors.passwordProtected(this.kind);
    const subjects = [RateLimiter.addressKey(context.clientAddress), ...(user ? [`user:${user.id}`] : [])];
    await this.rateLimiter.assertAllowed('password', subjects);
    if (this.isLocked(record, user, password)) {
      await this.rateLimiter.count('password', subjects);
      throw PostErrors.passwordProtected(this.kind);
    }
    return record;
  }

  /** Password-protected and not opened by this caller (contract §6). */
  isLocked(record: T, user: AuthenticatedUser | undefined, password?: string): boolean {
    return isLockedFor(record, user, password);
  }

  /**
   * One page of readable records with the envelope's links and counts (contract §3). Another
   * representation of the list (a feed) names its own page size limit (also its default) and URL.
   */
  async list(query: Q, user: AuthenticatedUser | undefined, context: RequestContext, as?: ListRepresentation): Promise<ListResult<T>> {
    const perPage = as
      ? clampPerPage(query.per_page, as.perPageLimit, as.perPageLimit)
      : clampPerPage(query.per_page, this.config.maxPerPage);
    const window = { page: query.page ?? 1, perPage };
    const base: PostListCriteria = { viewer: user, statuses: listStatuses(user, query.status), now: context.now, search: query.search };
    const { criteria, echo } = await this.planList(query, base);
    const { ids, total } = await this.records.page(criteria, window);
    const page = paginate(this.kind.name, as?.url ?? `${context.links.restBase}/${this.kind.collection}`, echo, window, total);
    return { items: await this.records.findByIds(ids), page };
  }

  // ---- writing -------------------------------------------------------------------------------

  create(user: AuthenticatedUser, dto: D): Promise<{ record: T; created: boolean }> {
    return this.transactions.run((manager) => this.createIn(manager, user, dto));
  }

  /**
   * Creates inside the caller's transaction, so an event can create its inline venue or organizer
   * atomically. `created` is false when an equal record already existed (duplicate avoidance).
   */
  async createIn(manager: EntityManager, user: AuthenticatedUser, dto: D): Promise<{ record: T; created: boolean }> {
    const now = wholeSeconds();
    const record = this.records.newRecord({ ...this.blankRecord() } as Partial<T>, manager);
    record.authorId = user.id;
    record.publishedUtc = now;
    record.password = null;
    record.imageId = null;
    record.description = '';
    record.excerpt = '';
    record.wasPublished = false;
    await this.applyCommonFields(record, dto, user, manager, now, true);
    await this.applyOwnFields(record, dto, manager, true);
    const links = await this.resolveLinks(manager, dto, user);
    const existing = await this.readableDuplicate(manager, record, dto, user, now);
    if (existing) return { record: existing, created: false };
    // Writers of one title take turns from here (MySQL): the second look below sees a record that
    // another writer of the same body created meanwhile, and slug choices cannot collide.
    await this.lockSlugBase(manager, dto.slug || record.title);
    const createdMeanwhile = await this.readableDuplicate(manager, record, dto, user, now);
    if (createdMeanwhile) return { record: createdMeanwhile, created: false };
    record.slug = await this.freeSlug(manager, dto.slug || record.title);
    const saved = await this.records.save(record, manager);
    await this.afterSave(manager, saved, dto, true, user, links);
    return { record: (await this.records.findByRef({ id: saved.id }, manager)) as T, created: true };
  }

  update(user: AuthenticatedUser, ref: RecordRef, dto: D): Promise<T> {
    // Rights that do not depend on the record are checked before it is looked up (contract §6).
    if (dto.author !== undefined && !canAssignAuthor(user, dto.author)) return Promise.reject(Errors.forbidden());
    if (!canRequestStatus(user, dto.status)) return Promise.reject(Errors.forbidden());
    return this.transactions.run(async (manager) => {
      const record = await this.lockAndFind(ref, manager);
      const now = wholeSeconds();
      if (!canEdit(user, record, now)) throw Errors.forbidden();
      await this.applyCommonFields(record, dto, user, manager, now, false);
      await this.applyOwnFields(record, dto, manager, false);
      const links = await this.resolveLinks(manager, dto, user);
      if (dto.slug !== undefined) {
        await this.lockSlugBase(manager, dto.slug || record.title);
        record.slug = await this.freeSlug(manager, dto.slug || record.title, record.id);
      }
      // A relation object left on the entity would make save() re-link the old image.
      delete (record as Partial<PostRecord>).image;
      const saved = await this.records.save(record, manager);
      await this.afterSave(manager, saved, dto, false, user, links);
      return (await this.records.findByRef({ id: saved.id }, manager)) as T;
    });
  }

  /** Trash, or with `force` delete for good (contract §5). */
  delete(user: AuthenticatedUser, ref: RecordRef, force: boolean): Promise<DeleteResult<T>> {
    // Checked before the lookup: a 403 even for a record that does not exist (contract §6).
    if (force && !canForceDelete(user)) return Promise.reject(Errors.forbidden());
    return this.transactions.run(async (manager) => {
      const record = await this.lockAndFind(ref, manager);
      const now = wholeSeconds();
      if (force) {
        await this.records.remove(record.id, manager);
        return { deleted: true, record };
      }
      if (!canEdit(user, record, now)) throw Errors.forbidden();
      if (record.status === 'trash') throw PostErrors.inTrash(this.kind);
      await this.records.moveToTrash(record.id, now, manager);
      return { deleted: false, record: (await this.records.findByRef({ id: record.id }, manager)) as T };
    });
  }

  /** Hook for kinds with linked records written in the same transaction (events); `links` from resolveLinks. */
  protected afterSave(
    _manager: EntityManager,
    _record: T,
    _dto: D,
    _isCreate: boolean,
    _user: AuthenticatedUser,
    _links: unknown,
  ): Promise<void> {
    return Promise.resolve();
  }

  /** An existing record equal to the body; only one the caller may read (anything else would leak an unpublished one). */
  private async readableDuplicate(manager: EntityManager, record: T, dto: D, user: AuthenticatedUser, now: Date): Promise<T | undefined> {
    return (await this.findDuplicates(manager, record, dto)).find((candidate) => canRead(user, candidate, now));
  }

  /**
   * The record a write acts on, locked first (MySQL: FOR UPDATE), so that writes of one record
   * take turns and each starts from the state the previous one committed. A record deleted while
   * this writer waited is a 404, and nothing is written.
   */
  private async lockAndFind(ref: RecordRef, manager: EntityManager): Promise<T> {
    const id = await this.records.lockForWrite(ref, manager);
    const record = id === null ? null : await this.records.findByRef({ id }, manager);
    if (!record) throw PostErrors.notFound(this.kind, ref);
    return record;
  }

  /** On MySQL, holds the record that has the bare slug `source` asks for: writers of one title take turns. */
  private lockSlugBase(manager: EntityManager, source: string): Promise<void> {
    return this.records.lockSlug(slugBase(source, this.kind.fallbackSlug), manager);
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
    if (!canRequestStatus(user, dto.status)) throw Errors.forbidden();
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

  private freeSlug(manager: EntityManager, source: string, selfId?: number): Promise<string> {
    return chooseFreeSlug(source, this.kind.fallbackSlug, (prefix) => this.records.slugsWithPrefix(prefix, selfId, manager));
  }
}
