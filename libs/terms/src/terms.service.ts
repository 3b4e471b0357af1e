import {
  ApiError,
  AuthenticatedUser,
  chooseFreeSlug,
  Errors,
  FieldErrors,
  PageResult,
  paginate,
  RequestContext,
  requirePlainText,
  slugBase,
  toPlainText,
} from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { slugSpreadOnRetry, TransactionRunner } from '@app/database';
import { CountedTerm, DueEventsPublisher, EventsRepository, Term, TermsRepository } from '@app/domain';
import { applyFields } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { HierarchicalTermFieldsDto } from './dto/create-term.dto';
import { ListHierarchicalTermsQuery } from './dto/list-terms.query';
import { ShownTerm, showTerms } from './term-ancestors';
import { TermKind } from './term-kind';
import { effectiveTermQuery, termPageRequest } from './term-list';
import { newTermFields, TERM_FIELDS } from './term.fields';

export type TermRef = { id: number } | { slug: string };

/** A checked term of an event body: an existing term, or a name to create. */
export type TermReference = { id: number } | { name: string };

export const termNotFound = () => new ApiError(404, 'rest_term_invalid', 'errors.rest_term_invalid');

/**
 * The rules categories and tags share: filters, unique names per parent, slugs, parent cycles,
 * delete with re-parenting, and the terms an event body names. A taxonomy's service says which
 * `kind` it is; the dependencies are injected here for both.
 */
@Injectable()
export abstract class TermsService {
  abstract readonly kind: TermKind;

  constructor(
    protected readonly terms: TermsRepository,
    protected readonly events: EventsRepository,
    protected readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    private readonly dueEvents: DueEventsPublisher,
  ) {}

  /** One page of terms with the envelope's links and counts (docs/api-rules.md, Lists). */
  async list(
    query: ListHierarchicalTermsQuery,
    user: AuthenticatedUser | undefined,
    context: RequestContext,
  ): Promise<{ items: ShownTerm[]; page: PageResult }> {
    await this.assertFiltersExist(query, user, context.now);
    // Scheduled events due by now count before the stored counts are read.
    await this.dueEvents.promote(context.now, context.eventsDue);
    const window = termPageRequest(query, this.config.maxPerPage);
    const { items, total } = await this.terms.page({
      target: this.kind.target,
      now: context.now,
      search: query.search,
      include: query.include,
      exclude: query.exclude,
      parent: this.kind.hierarchical ? query.parent : undefined,
      eventId: query.event ?? query.post,
      slugs: query.slug,
      hideEmpty: query.hide_empty ?? true,
      orderby: query.orderby ?? 'name',
      order: query.order ?? 'asc',
      ...window,
    });
    const page = paginate('term', `${context.links.restBase}/${this.kind.collection}`, effectiveTermQuery(this.kind, query), window, total);
    return { items: await this.show(items), page };
  }

  /** `eventsDue`: RequestContext.eventsDue, when the request read it. */
  async get(ref: TermRef, now: Date, eventsDue?: boolean): Promise<ShownTerm> {
    await this.dueEvents.promote(now, eventsDue);
    const term = await this.find(ref);
    if (!term) throw termNotFound();
    return this.showOne({ term, count: term.count });
  }

  create(dto: HierarchicalTermFieldsDto & { name: string }): Promise<ShownTerm> {
    return this.transactions.run(async (manager) => {
      // Every bad field in one answer (docs/api-rules.md, Writes): the pipe's findings, then the checks below.
      const errors = FieldErrors.of(dto);
      const name = dto.name === undefined ? undefined : errors.check(() => requirePlainText('name', dto.name));
      const parentId = this.kind.hierarchical ? await errors.checkAsync(() => this.checkedParent(manager, dto.parent ?? 0)) : 0;
      errors.throwIfAny();
      if (name === undefined || parentId === undefined) throw new Error('checked fields missing after validation');
      await this.assertNameFree(manager, name, parentId);
      const slug = await this.freeSlug(manager, dto.slug || name);
      const term = this.terms.newTerm(this.kind.target, { ...newTermFields(), name, slug, parentId }, manager);
      applyFields(term, dto, TERM_FIELDS);
      return this.showOne({ term: await this.terms.save(term, manager), count: 0 }, manager);
    });
  }

  update(ref: TermRef, dto: HierarchicalTermFieldsDto): Promise<ShownTerm> {
    return this.transactions.run(async (manager) => {
      const errors = FieldErrors.of(dto);
      const term = await this.lockAndFind(ref, manager);
      if (!term) {
        // The fields the validation pipe rejected are reported before the 404.
        errors.throwIfAny();
        throw termNotFound();
      }
      if (this.kind.hierarchical && dto.parent !== undefined) {
        const parent = dto.parent;
        const parentId = await errors.checkAsync(() => this.checkedParent(manager, parent, term.id));
        if (parentId !== undefined) term.parentId = parentId;
      }
      const name = dto.name;
      if (name !== undefined) errors.check(() => (term.name = requirePlainText('name', name)));
      errors.throwIfAny();
      if (dto.name !== undefined || dto.parent !== undefined) await this.assertNameFree(manager, term.name, term.parentId, term.id);
      if (dto.slug !== undefined) term.slug = await this.freeSlug(manager, dto.slug || term.name, term.id);
      applyFields(term, dto, TERM_FIELDS);
      const saved = await this.terms.save(term, manager);
      return this.showOne({ term: saved, count: saved.count }, manager);
    });
  }

  /** Deletes for good: events lose the term, child categories move up to its parent. */
  delete(ref: TermRef): Promise<ShownTerm> {
    return this.transactions.run(async (manager) => {
      const term = await this.lockAndFind(ref, manager);
      if (!term) throw termNotFound();
      // Read first: the answer shows the term as it was, under its ancestors.
      const shown = await this.showOne({ term, count: term.count }, manager);
      await this.terms.remove(this.kind.target, term, manager);
      return shown;
    });
  }

  /** Terms with their ancestors' slugs (their URLs), read in one query for the whole page. */
  private show(items: CountedTerm[], manager?: EntityManager): Promise<ShownTerm[]> {
    return showTerms(items, (ids) => this.terms.withAncestors(ids, manager));
  }

  private async showOne(item: CountedTerm, manager?: EntityManager): Promise<ShownTerm> {
    const [shown] = await this.show([item], manager);
    return shown;
  }

  /** Event list filter values (IDs or slugs, OR logic) as term IDs; an unknown one is a 400 (docs/api-rules.md, Lists). */
  async idsForFilter(values: Array<string | number>, field: string): Promise<number[]> {
    const numeric = values.filter((v) => /^\d+$/.test(String(v))).map(Number);
    const slugs = values.filter((v) => !/^\d+$/.test(String(v))).map((v) => String(v).toLowerCase());
    const found = await this.terms.findByIdsOrSlugs(this.kind.target, numeric, slugs);
    const known = new Set(found.flatMap((term) => [String(term.id), term.slug]));
    if ([...numeric.map(String), ...slugs].some((value) => !known.has(value))) throw Errors.invalidParam(field, 'validation.termsExist');
    return found.map((term) => term.id);
  }

  /**
   * The terms an event body names (docs/api-rules.md, Writes): IDs, slugs or names, or `{id|slug|name}` objects.
   * A name that matches nothing is to be created when the caller may manage terms, else rejected;
   * an unknown numeric ID is always rejected. Checks only (every bad item recorded in `errors`);
   * `insertReferences` writes, inside the event's transaction.
   */
  async draftReferences(
    manager: EntityManager,
    inputs: unknown[],
    field: string,
    canCreate: boolean,
    errors: FieldErrors,
  ): Promise<TermReference[]> {
    const parsed = inputs.map((input): { id: number } | { text: string } => {
      const ref = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : { value: input };
      const raw = ref.id ?? ref.slug ?? ref.name ?? ref.value;
      if (typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw.trim()))) return { id: Number(raw) };
      return { text: typeof raw === 'string' ? toPlainText(raw) : '' };
    });
    // Every ID and text looked up at once (one statement, not one or two per reference).
    const ids = parsed.flatMap((item) => ('id' in item ? [item.id] : []));
    const texts = parsed.flatMap((item) => ('text' in item && item.text !== '' ? [item.text] : []));
    const found = await this.terms.findReferenced(this.kind.target, ids, texts, manager);
    const references: TermReference[] = [];
    let idAt = 0;
    let textAt = 0;
    for (const item of parsed) {
      if ('id' in item) {
        const id = found.ids[idAt++];
        if (id !== null) references.push({ id });
        else errors.invalidParam(field, 'validation.termsExist');
        continue;
      }
      if (item.text === '') {
        errors.invalidParam(field, 'validation.termReference');
        continue;
      }
      const existing = found.texts[textAt++];
      if (existing !== null) references.push({ id: existing });
      else if (canCreate) references.push({ name: item.text });
      else errors.invalidParam(field, 'validation.termsExist');
    }
    return references;
  }

  /** Creates the named terms of checked references; returns the IDs in order, without repeats. */
  async insertReferences(manager: EntityManager, references: TermReference[]): Promise<number[]> {
    const ids: number[] = [];
    for (const reference of references) {
      if ('id' in reference) {
        ids.push(reference.id);
        continue;
      }
      // Looked up again: an earlier name of the same body ("Jazz", then "jazz") may have created it.
      const existing = await this.findByText(manager, reference.name);
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const slug = await this.freeSlug(manager, reference.name);
      const created = await this.terms.save(
        this.terms.newTerm(this.kind.target, { ...newTermFields(), name: reference.name, slug, parentId: 0 }, manager),
        manager,
      );
      ids.push(created.id);
    }
    return [...new Set(ids)];
  }

  /** An event body's term by slug first, then by name (case-insensitive). */
  private async findByText(manager: EntityManager, text: string): Promise<Term | null> {
    return (await this.terms.findBySlug(this.kind.target, text, manager)) ?? (await this.terms.findByName(this.kind.target, text, manager));
  }

  private find(ref: TermRef, manager?: EntityManager): Promise<Term | null> {
    return 'id' in ref
      ? this.terms.findById(this.kind.target, ref.id, manager)
      : this.terms.findBySlug(this.kind.target, ref.slug, manager);
  }

  /**
   * The term a write acts on, locked first so that writes of one term take turns (record row
   * first, then whatever else the write touches). Null when it does not exist, or was deleted
   * while this writer waited.
   */
  private async lockAndFind(ref: TermRef, manager: EntityManager): Promise<Term | null> {
    const id = await this.terms.lockForWrite(this.kind.target, ref, manager);
    return id === null ? null : this.terms.findById(this.kind.target, id, manager);
  }

  private async assertFiltersExist(query: ListHierarchicalTermsQuery, user: AuthenticatedUser | undefined, now: Date): Promise<void> {
    for (const name of ['include', 'exclude'] as const) {
      const ids = query[name];
      if (!ids?.length) continue;
      const unique = [...new Set(ids)];
      if ((await this.terms.countExisting(this.kind.target, unique)) !== unique.length)
        throw Errors.invalidParam(name, 'validation.termsExist');
    }
    if (this.kind.hierarchical && query.parent && !(await this.terms.findById(this.kind.target, query.parent))) {
      throw Errors.invalidParam('parent', 'validation.termExists');
    }
    const post = query.event ?? query.post;
    // An event the caller may not read or open (its terms are protected content) answers like a missing one.
    if (post !== undefined && (await this.events.countReadable([post], user, now, true)) !== 1) {
      throw Errors.invalidParam(query.event !== undefined ? 'event' : 'post', 'validation.eventExists');
    }
  }

  /** The parent to store: 0, or an existing category that is not `selfId` nor below it. */
  private async checkedParent(manager: EntityManager, raw: number | '' | null, selfId?: number): Promise<number> {
    const parentId = typeof raw === 'number' ? raw : 0;
    if (parentId === 0) return 0;
    const parent = await this.terms.findById(this.kind.target, parentId, manager);
    if (!parent) throw Errors.invalidParam('parent', 'validation.termExists');
    if (selfId !== undefined) {
      // Walk up from the new parent; meeting ourselves means the move would create a cycle.
      const seen = new Set<number>();
      for (let cursor: Term | null = parent; cursor && !seen.has(cursor.id); ) {
        if (cursor.id === selfId) throw Errors.invalidParam('parent', 'validation.parentCycle');
        seen.add(cursor.id);
        cursor = cursor.parentId === 0 ? null : await this.terms.findById(this.kind.target, cursor.parentId, manager);
      }
    }
    return parentId;
  }

  /**
   * A clear 400 for a taken name. The unique index over taxonomy, parent and name key makes it
   * exact: a writer of the same name that commits after this check makes our insert fail, and the
   * transaction runs again and lands here.
   */
  private async assertNameFree(manager: EntityManager, name: string, parentId: number, selfId?: number): Promise<void> {
    const clash = await this.terms.findNameClash(this.kind.target, name, parentId, selfId, manager);
    if (clash) throw new ApiError(400, 'term_exists', 'errors.term_exists', { data: { term_id: clash.id } });
  }

  /**
   * The first free slug. On MySQL the term holding the bare base slug is locked first, so writers
   * of one name choose one after the other instead of all picking the same `-N` and retrying.
   */
  private async freeSlug(manager: EntityManager, source: string, selfId?: number): Promise<string> {
    await this.terms.lockSlug(this.kind.target, slugBase(source, 'term'), manager);
    return chooseFreeSlug(
      source,
      'term',
      (prefix) => this.terms.slugsWithPrefix(this.kind.target, prefix, selfId, manager),
      slugSpreadOnRetry(),
    );
  }
}
