import { RateLimiter } from '@app/auth';
import {
  AuthenticatedUser,
  chooseFreeSlug,
  clampPerPage,
  Errors,
  FieldErrors,
  nextFreeSlug,
  paginate,
  RequestContext,
  slugBase,
  slugCandidatePrefix,
} from '@app/common';
import { AppConfig } from '@app/config';
import { lockWaitsSkippable, slugSpreadOnRetry, TransactionRunner } from '@app/database';
import { PostListCriteria, PostRecord, PostRecordsRepository, RecordRef } from '@app/domain';
import { EntityManager } from 'typeorm';
import { DeletePostQuery } from './dto/delete-post.query';
import { PostFieldsDto } from './dto/post-fields.dto';
import { ImagesService } from './images.service';
import { DeleteResult, FieldsContext, ListPlan, ListRepresentation, ListResult, PostDraft, PostListQuery } from './post-records.types';
import { applyCommonFields } from './common-fields';
import { PostRecordTools } from './post-record-tools';
import { PostErrors } from './post-errors';
import { PostKind } from './post-kind';
import { listStatuses } from './post-list';
import { canAssignAuthor, canEdit, canRead, canRequestStatus, isLockedFor } from './post-permissions';
import { wholeSeconds } from './publication-date';
import { SlugsInFlight } from './slugs-in-flight';

/** Slugs taken meanwhile that a create passes over before it waits like any other insert (insertUnderFreeSlug). */
const MAX_TAKEN_SLUGS_PASSED = 16;

export type { DeleteResult, FieldsContext, ListPlan, ListRepresentation, ListResult, PostDraft, PostListQuery } from './post-records.types';

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
  protected readonly config: AppConfig;
  private readonly rateLimiter: RateLimiter;
  private readonly slugsInFlight = new SlugsInFlight();
  /** Per transaction of a create: the slugs it holds in slugsInFlight until the create ends. */
  private readonly heldSlugs = new WeakMap<EntityManager, string[]>();

  protected constructor(
    protected readonly records: PostRecordsRepository<T, C>,
    private readonly tools: PostRecordTools,
  ) {
    this.transactions = tools.transactions;
    this.images = tools.images;
    this.config = tools.config;
    this.rateLimiter = tools.rateLimiter;
  }

  /**
   * Copies the kind's own fields from the body onto the record (create: all defaults applied),
   * recording every bad one in `context.errors` rather than stopping at the first.
   */
  protected abstract applyOwnFields(record: T, dto: D, context: FieldsContext): Promise<void> | void;

  /** The kind's list filters, validated, and the effective query. */
  protected abstract planList(query: Q, base: PostListCriteria): Promise<ListPlan<C>>;

  /** A new record with every column at its default, before the body is applied. */
  protected abstract blankRecord(): Partial<T>;

  /**
   * Existing records equal to what the body describes (docs/api-rules.md, Writes), to return
   * instead of a duplicate; a kind without it creates a record for every create.
   */
  protected findDuplicates?(manager: EntityManager, draft: PostDraft<T, D>): Promise<T[]>;

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
   * A record the caller may read, or the 404/403 of docs/api-rules.md, Statuses, users and permissions. Wrong passwords count against the
   * client's address (and user): over RATE_LIMIT_PASSWORD_FAILURES a 429 answers instead, checked
   * before the password is compared so that a right guess then reveals nothing.
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

  /** Password-protected and not opened by this caller (docs/api-rules.md, Statuses, users and permissions). */
  isLocked(record: T, user: AuthenticatedUser | undefined, password?: string): boolean {
    return isLockedFor(record, user, password);
  }

  /**
   * One page of readable records with the envelope's links and counts (docs/api-rules.md, Lists). Another
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
    const held: string[] = [];
    return this.transactions
      .run(async (manager) => {
        this.heldSlugs.set(manager, held);
        const errors = FieldErrors.of(dto);
        const draft = await this.draftNew(manager, user, dto, errors);
        errors.throwIfAny();
        return this.insertDraft(manager, user, draft);
      })
      .finally(() => held.splice(0).forEach((slug) => this.slugsInFlight.release(slug)));
  }

  /** A new record from a create body, every field checked into `errors`; nothing written (an event checks its inline links with it). */
  async draftNew(manager: EntityManager, user: AuthenticatedUser, dto: D, errors: FieldErrors): Promise<PostDraft<T, D>> {
    const now = wholeSeconds();
    const record = this.records.newRecord({ ...this.blankRecord() } as Partial<T>, manager);
    record.authorId = user.id;
    record.publishedUtc = now;
    record.password = null;
    record.imageId = null;
    record.description = '';
    record.excerpt = '';
    record.wasPublished = false;
    return this.draft(record, dto, { manager, user, now, errors, isCreate: true });
  }

  /**
   * Writes a checked new record inside the caller's transaction. `created` is false when an equal
   * record already existed (duplicate avoidance), which is then returned instead.
   */
  async insertDraft(manager: EntityManager, user: AuthenticatedUser, draft: PostDraft<T, D>): Promise<{ record: T; created: boolean }> {
    const { record, dto } = draft;
    const existing = await this.openDuplicate(manager, draft, user);
    if (existing) return { record: existing, created: false };
    // A kind without duplicates to look for needs no turn where a slug held by a writer not yet
    // committed can be passed over at once (insertUnderFreeSlug): its writers of one title then
    // run side by side instead of one after the other until each commits.
    const turnless = !this.findDuplicates && (await lockWaitsSkippable(manager));
    if (!turnless) {
      // Writers of one title take turns from here (MySQL): the second look below sees a record that
      // another writer of the same body created meanwhile, and slug choices rarely collide.
      await this.holdCreateTurn(manager, record, dto);
      const createdMeanwhile = await this.openDuplicate(manager, draft, user);
      if (createdMeanwhile) return { record: createdMeanwhile, created: false };
    }
    if (draft.image) record.imageId = await this.images.store(manager, draft.image);
    const saved = await this.insertUnderFreeSlug(manager, record, dto.slug || record.title, turnless);
    await this.afterSave(manager, saved, draft, true, user);
    return { record: await this.writtenRecord(saved, manager), created: true };
  }

  /** `context`: the request's, for kinds that compare a body with the record as it answers it. */
  update(user: AuthenticatedUser, ref: RecordRef, dto: D, _context?: RequestContext): Promise<T> {
    // Rights that do not depend on the record are checked before it is looked up (docs/api-rules.md, Statuses, users and permissions).
    if (dto.author !== undefined && !canAssignAuthor(user, dto.author)) return Promise.reject(Errors.forbidden());
    if (!canRequestStatus(user, dto.status)) return Promise.reject(Errors.forbidden());
    return this.transactions.run((manager) => this.updateWithin(manager, user, ref, dto));
  }

  /** The update inside the caller's transaction (an import writes a series and its exceptions in one). */
  async updateWithin(manager: EntityManager, user: AuthenticatedUser, ref: RecordRef, dto: D): Promise<T> {
    const errors = FieldErrors.of(dto);
    const record = await this.lockAndFind(ref, manager);
    const now = wholeSeconds();
    // The fields the validation pipe rejected are reported before the record's own 404 or 403.
    if (!record || !canEdit(user, record, now)) errors.throwIfAny();
    if (!record) throw PostErrors.notFound(this.kind, ref);
    if (!canEdit(user, record, now)) throw Errors.forbidden();
    const draft = await this.draft(record, dto, { manager, user, now, errors, isCreate: false });
    errors.throwIfAny();
    if (draft.image) record.imageId = await this.images.store(manager, draft.image);
    if (dto.slug !== undefined) {
      await this.lockSlugBase(manager, dto.slug || record.title);
      record.slug = await this.freeSlug(manager, dto.slug || record.title, record.id);
    }
    // A relation object left on the entity would make save() re-link the old image.
    delete (record as Partial<PostRecord>).image;
    const saved = await this.records.save(record, manager);
    await this.afterSave(manager, saved, draft, false, user);
    return this.writtenRecord(saved, manager);
  }

  /**
   * The record a write answers with, as stored at the end of the write: read again, with its
   * image. A kind may answer with the entity it wrote where nothing after the save changes the row.
   */
  protected async writtenRecord(saved: T, manager: EntityManager): Promise<T> {
    return (await this.records.findByRef({ id: saved.id }, manager)) as T;
  }

  /** Whether update() answered with a record it created instead of the one it was given (a write that splits it). */
  createdByUpdate(_record: T): boolean {
    return false;
  }

  /** Trash, or with `force` delete for good (docs/api-rules.md, Deleting). */
  delete(user: AuthenticatedUser, ref: RecordRef, force: boolean, _query?: DeletePostQuery): Promise<DeleteResult<T>> {
    return this.transactions.run(async (manager) => {
      const record = await this.lockAndFind(ref, manager);
      if (!record) throw PostErrors.notFound(this.kind, ref);
      const now = wholeSeconds();
      // Whoever may delete a record may also delete it for good.
      if (!canEdit(user, record, now)) throw Errors.forbidden();
      if (force) {
        await this.records.remove(record.id, manager);
        return { deleted: true, record };
      }
      if (record.status === 'trash') throw PostErrors.inTrash(this.kind);
      await this.records.moveToTrash(record.id, now, manager);
      return { deleted: false, record: (await this.records.findByRef({ id: record.id }, manager)) as T };
    });
  }

  /**
   * Makes writers creating records like this one take turns until the transaction ends. By default
   * (MySQL) the record holding the bare slug is locked on this node: slug choices queue instead of
   * colliding, and a collision that still happens (another node) fails the unique key and retries.
   */
  protected holdCreateTurn(manager: EntityManager, record: T, dto: D): Promise<void> {
    return this.lockSlugBase(manager, dto.slug || record.title);
  }

  /** Hook for kinds with parts checked with the body and written after the record (an event's links). */
  protected draftExtras(_manager: EntityManager, _dto: D, _user: AuthenticatedUser, _errors: FieldErrors): Promise<unknown> {
    return Promise.resolve(undefined);
  }

  /** Hook for kinds with linked records written in the same transaction (events). */
  protected afterSave(
    _manager: EntityManager,
    _record: T,
    _draft: PostDraft<T, D>,
    _isCreate: boolean,
    _user: AuthenticatedUser,
  ): Promise<void> {
    return Promise.resolve();
  }

  /** Applies every field of the body to the record in memory, checking each into `context.errors`. */
  private async draft(record: T, dto: D, context: FieldsContext): Promise<PostDraft<T, D>> {
    const image = await applyCommonFields(this.tools, record, dto, context);
    await this.applyOwnFields(record, dto, context);
    const extras = await this.draftExtras(context.manager, dto, context.user, context.errors);
    return { record, dto, now: context.now, image, extras };
  }

  /**
   * An existing record equal to the body, only one the caller may read and open: returning an
   * unpublished one, or a password-protected one the caller cannot open, would disclose what it
   * hides, and matching it at all would confirm a guess of its hidden fields. Such a record is
   * left alone and a new one is created.
   */
  private async openDuplicate(manager: EntityManager, draft: PostDraft<T, D>, user: AuthenticatedUser): Promise<T | undefined> {
    if (!this.findDuplicates) return undefined;
    return (await this.findDuplicates(manager, draft)).find(
      (candidate) => canRead(user, candidate, draft.now) && !this.isLocked(candidate, user),
    );
  }

  /**
   * The record a write acts on, locked first (MySQL: FOR UPDATE), so that writes of one record
   * take turns and each starts from the state the previous one committed. Null when it does not
   * exist, or was deleted while this writer waited.
   */
  private async lockAndFind(ref: RecordRef, manager: EntityManager): Promise<T | null> {
    const id = await this.lockForWrite(ref, manager);
    return id === null ? null : this.records.findByRef({ id }, manager);
  }

  /**
   * Locks the record a write acts on; kinds whose records depend on another one lock that first.
   * `knownSlug`: its slug as the transaction just read it, if it did.
   */
  protected lockForWrite(ref: RecordRef, manager: EntityManager, knownSlug?: string): Promise<number | null> {
    return this.records.lockForWrite(ref, manager, knownSlug);
  }

  /** On MySQL, holds the record that has the bare slug `source` asks for: writers of one title take turns. */
  private lockSlugBase(manager: EntityManager, source: string): Promise<void> {
    return this.records.lockSlug(slugBase(source, this.kind.fallbackSlug), manager);
  }

  /**
   * Inserts a new record under the first free slug for `source`. With `passTaken` (no turn was
   * taken), a slug another writer took since it was chosen is passed over for the next one: one
   * inserted by a writer not yet committed at once, instead of waiting for that writer's commit
   * (which would then refuse it), and one committed meanwhile without running the whole write
   * again. At most MAX_TAKEN_SLUGS_PASSED times; after that the insert waits as any other, and a
   * slug taken meanwhile runs the write again.
   */
  private async insertUnderFreeSlug(manager: EntityManager, record: T, source: string, passTaken: boolean): Promise<T> {
    const base = slugBase(source, this.kind.fallbackSlug);
    const prefix = slugCandidatePrefix(base);
    // A create of this process (create()) passes over the slugs its other creates are inserting.
    const held = passTaken ? this.heldSlugs.get(manager) : undefined;
    const taken = [
      ...(await this.records.slugsWithPrefix(prefix, undefined, manager)),
      ...(held ? this.slugsInFlight.withPrefix(prefix) : []),
    ];
    const skip = slugSpreadOnRetry();
    for (let passed = 0; ; passed++) {
      record.slug = nextFreeSlug(base, taken, skip);
      const skipLockWaits = passTaken && passed < MAX_TAKEN_SLUGS_PASSED;
      if (held) {
        this.slugsInFlight.hold(record.slug);
        held.push(record.slug);
      }
      try {
        return await this.records.save(record, manager, { skipLockWaits });
      } catch (error) {
        if (!skipLockWaits || !this.records.isSlugTakenMeanwhile(error)) throw error;
        taken.push(record.slug);
      }
    }
  }

  private freeSlug(manager: EntityManager, source: string, selfId?: number): Promise<string> {
    return chooseFreeSlug(
      source,
      this.kind.fallbackSlug,
      (prefix) => this.records.slugsWithPrefix(prefix, selfId, manager),
      slugSpreadOnRetry(),
    );
  }
}
