import { ApiError, Errors, LinkContext, nextFreeSlug, paginate, slugCandidatePrefix, slugify, toPlainText } from '@app/common';
import { containsPattern, isDeadlock, isUniqueViolation, LIKE_ESCAPE, TransactionRunner } from '@app/database';
import { publishedCondition } from '@app/posts/visibility';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { HierarchicalTermFieldsDto } from './dto/create-term.dto';
import { ListHierarchicalTermsQuery } from './dto/list-terms.query';
import { TermKind } from './term-kind';
import { Term } from './term.entity';
import { effectiveTermQuery, termPageRequest } from './term-list';
import { toTermResponse } from './term.mapper';

export interface CountedTerm {
  term: Term;
  count: number;
}

export interface TermPage {
  items: CountedTerm[];
  total: number;
}

export const termNotFound = () => new ApiError(404, 'rest_term_invalid', 'errors.rest_term_invalid');

const WRITE_ATTEMPTS = 5;

/** Published events per term, as a correlated subquery on `term.id`. */
const PUBLISHED_USES = `FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = term.id AND ${publishedCondition('e')}`;
const COUNT_SQL = `(SELECT COUNT(*) ${PUBLISHED_USES})`;
/** `hide_empty`: EXISTS stops at the first published event instead of counting them all. */
const USED_SQL = `EXISTS (SELECT 1 ${PUBLISHED_USES})`;

/** The term machinery categories and tags share; `kind` says which taxonomy a call acts on. */
@Injectable()
export class TermsService {
  constructor(
    @InjectRepository(Term) private readonly terms: Repository<Term>,
    private readonly transactions: TransactionRunner,
  ) {}

  async list(kind: TermKind, query: ListHierarchicalTermsQuery, page: number, perPage: number): Promise<TermPage> {
    await this.assertFiltersExist(kind, query);
    const now = new Date();
    const qb = this.terms
      .createQueryBuilder('term')
      .where('term.taxonomy = :taxonomy', { taxonomy: kind.taxonomy })
      .setParameter('now', now);
    if (query.search) {
      qb.andWhere(`(LOWER(term.name) LIKE :search ESCAPE '${LIKE_ESCAPE}' OR LOWER(term.slug) LIKE :search ESCAPE '${LIKE_ESCAPE}')`, {
        search: containsPattern(query.search),
      });
    }
    if (query.include?.length) qb.andWhere('term.id IN (:...include)', { include: query.include });
    if (query.exclude?.length) qb.andWhere('term.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (kind.hierarchical && query.parent !== undefined) qb.andWhere('term.parent_id = :parent', { parent: query.parent });
    const post = query.event ?? query.post;
    if (post !== undefined) {
      qb.andWhere('EXISTS (SELECT 1 FROM event_terms pt WHERE pt.term_id = term.id AND pt.event_id = :post)', { post });
    }
    if (query.slug?.length) qb.andWhere('term.slug IN (:...slugs)', { slugs: query.slug.map((s) => s.toLowerCase()) });
    if (query.hide_empty ?? true) qb.andWhere(USED_SQL);

    const total = await qb.getCount();
    // Past the end there is nothing to fetch, and a huge page would overflow the OFFSET.
    if ((page - 1) * perPage >= total) return { items: [], total };
    const direction = (query.order ?? 'asc').toUpperCase() as 'ASC' | 'DESC';
    qb.addSelect(COUNT_SQL, 'term_count');
    switch (query.orderby ?? 'name') {
      case 'count':
        qb.orderBy('term_count', direction);
        break;
      case 'id':
        qb.orderBy('term.id', direction);
        break;
      default:
        // Case-insensitive on both drivers: MySQL's collation folds case, SQLite's does not.
        qb.addSelect(`LOWER(term.${query.orderby ?? 'name'})`, 'sort_key').orderBy('sort_key', direction);
    }
    qb.addOrderBy('term.id', direction)
      .offset((page - 1) * perPage)
      .limit(perPage);
    const { entities, raw } = await qb.getRawAndEntities<{ term_count: string | number }>();
    return { items: entities.map((term, i) => ({ term, count: Number(raw[i].term_count) })), total };
  }

  /** One page of terms, mapped, with the envelope links and headers of contract §3. */
  async listPage(kind: TermKind, query: ListHierarchicalTermsQuery, maxPerPage: number, links: LinkContext) {
    const request = termPageRequest(query, maxPerPage);
    const { items, total } = await this.list(kind, query, request.page, request.perPage);
    const page = paginate('term', `${links.restBase}/${kind.collection}`, effectiveTermQuery(kind, query), request, total);
    return { items: items.map(({ term, count }) => toTermResponse(term, count, kind, links)), page };
  }

  async get(kind: TermKind, id: number): Promise<CountedTerm> {
    const term = await this.terms.findOneBy({ id, taxonomy: kind.taxonomy });
    if (!term) throw termNotFound();
    return { term, count: (await this.countPublished([id])).get(id) ?? 0 };
  }

  /** Published-event counts for the given terms (absent IDs count 0). */
  async countPublished(termIds: number[], manager: EntityManager = this.terms.manager): Promise<Map<number, number>> {
    if (termIds.length === 0) return new Map();
    const rows = await manager
      .createQueryBuilder()
      .select('et.term_id', 'term_id')
      .addSelect('COUNT(*)', 'count')
      .from('event_terms', 'et')
      .innerJoin('events', 'e', 'e.id = et.event_id')
      .where('et.term_id IN (:...termIds)', { termIds })
      .andWhere(publishedCondition('e'), { now: new Date() })
      .groupBy('et.term_id')
      .getRawMany<{ term_id: number | string; count: number | string }>();
    return new Map(rows.map((row) => [Number(row.term_id), Number(row.count)]));
  }

  create(kind: TermKind, dto: HierarchicalTermFieldsDto & { name: string }): Promise<CountedTerm> {
    return this.withConflictRetry(() =>
      this.transactions.run(async (manager) => {
        const name = this.cleanName(dto.name);
        const parentId = kind.hierarchical ? await this.checkedParent(manager, kind, dto.parent ?? 0) : 0;
        await this.assertNameFree(manager, kind, name, parentId);
        const slug = await this.freeSlug(manager, kind, dto.slug || name);
        const term = manager.create(Term, {
          taxonomy: kind.taxonomy,
          name,
          slug,
          description: toPlainText(dto.description ?? ''),
          parentId,
        });
        return { term: await manager.save(term), count: 0 };
      }),
    );
  }

  update(kind: TermKind, id: number, dto: HierarchicalTermFieldsDto): Promise<CountedTerm> {
    return this.withConflictRetry(() =>
      this.transactions.run(async (manager) => {
        const term = await manager.findOneBy(Term, { id, taxonomy: kind.taxonomy });
        if (!term) throw termNotFound();
        if (kind.hierarchical && dto.parent !== undefined) term.parentId = await this.checkedParent(manager, kind, dto.parent, term.id);
        if (dto.name !== undefined) term.name = this.cleanName(dto.name);
        if (dto.name !== undefined || dto.parent !== undefined) await this.assertNameFree(manager, kind, term.name, term.parentId, term.id);
        if (dto.slug !== undefined) term.slug = await this.freeSlug(manager, kind, dto.slug || term.name, term.id);
        if (dto.description !== undefined) term.description = toPlainText(dto.description);
        const saved = await manager.save(term);
        return { term: saved, count: (await this.countPublished([id], manager)).get(id) ?? 0 };
      }),
    );
  }

  /** Deletes for good: events lose the term, child categories move up to its parent. */
  delete(kind: TermKind, id: number): Promise<CountedTerm> {
    return this.transactions.run(async (manager) => {
      const term = await manager.findOneBy(Term, { id, taxonomy: kind.taxonomy });
      if (!term) throw termNotFound();
      const count = (await this.countPublished([id], manager)).get(id) ?? 0;
      await manager.createQueryBuilder().delete().from('event_terms').where('term_id = :id', { id }).execute();
      if (kind.hierarchical) {
        await manager.update(Term, { taxonomy: kind.taxonomy, parentId: id }, { parentId: term.parentId });
      }
      await manager.delete(Term, { id });
      return { term, count };
    });
  }

  /**
   * The terms an event body names (contract §4): IDs, slugs or names, or `{id|slug|name}` objects.
   * A name that matches nothing is created when the caller may manage terms, else rejected; an
   * unknown numeric ID is always rejected. Runs inside the event's transaction.
   */
  async resolveReferences(manager: EntityManager, kind: TermKind, inputs: unknown[], field: string, canCreate: boolean): Promise<number[]> {
    const ids: number[] = [];
    for (const input of inputs) {
      const ref = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : { value: input };
      const raw = ref.id ?? ref.slug ?? ref.name ?? ref.value;
      if (typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw.trim()))) {
        const term = await manager.findOneBy(Term, { id: Number(raw), taxonomy: kind.taxonomy });
        if (!term) throw Errors.invalidParam(field, 'validation.termsExist');
        ids.push(term.id);
        continue;
      }
      if (typeof raw !== 'string' || toPlainText(raw) === '') throw Errors.invalidParam(field, 'validation.termReference');
      const text = toPlainText(raw);
      const existing =
        (await manager.findOneBy(Term, { taxonomy: kind.taxonomy, slug: text.toLowerCase() })) ??
        (await manager
          .createQueryBuilder(Term, 'term')
          .where('term.taxonomy = :taxonomy', { taxonomy: kind.taxonomy })
          .andWhere('LOWER(term.name) = :name', { name: text.toLowerCase() })
          .orderBy('term.id', 'ASC')
          .getOne());
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      if (!canCreate) throw Errors.invalidParam(field, 'validation.termsExist');
      const created = await manager.save(
        manager.create(Term, {
          taxonomy: kind.taxonomy,
          name: text,
          slug: await this.freeSlug(manager, kind, text),
          description: '',
          parentId: 0,
        }),
      );
      ids.push(created.id);
    }
    return [...new Set(ids)];
  }

  private cleanName(raw: string): string {
    const name = toPlainText(raw);
    if (name === '') throw Errors.invalidParam('name', 'validation.isNotEmpty');
    return name;
  }

  private async assertFiltersExist(kind: TermKind, query: ListHierarchicalTermsQuery): Promise<void> {
    for (const name of ['include', 'exclude'] as const) {
      const ids = query[name];
      if (!ids?.length) continue;
      const found = await this.terms.countBy({ taxonomy: kind.taxonomy, id: In([...new Set(ids)]) });
      if (found !== new Set(ids).size) throw Errors.invalidParam(name, 'validation.termsExist');
    }
    if (kind.hierarchical && query.parent) {
      if (!(await this.terms.existsBy({ taxonomy: kind.taxonomy, id: query.parent }))) {
        throw Errors.invalidParam('parent', 'validation.termExists');
      }
    }
    const post = query.event ?? query.post;
    if (post !== undefined) {
      const exists = await this.terms.manager
        .createQueryBuilder()
        .select('1', 'one')
        .from('events', 'e')
        .where('e.id = :post', { post })
        .getRawOne();
      if (!exists) throw Errors.invalidParam(query.event !== undefined ? 'event' : 'post', 'validation.eventExists');
    }
  }

  /** The parent to store: 0, or an existing category that is not `selfId` nor below it. */
  private async checkedParent(manager: EntityManager, kind: TermKind, raw: number | '' | null, selfId?: number): Promise<number> {
    const parentId = typeof raw === 'number' ? raw : 0;
    if (parentId === 0) return 0;
    const parent = await manager.findOneBy(Term, { id: parentId, taxonomy: kind.taxonomy });
    if (!parent) throw Errors.invalidParam('parent', 'validation.termExists');
    if (selfId !== undefined) {
      // Walk up from the new parent; meeting ourselves means the move would create a cycle.
      const seen = new Set<number>();
      for (let cursor: Term | null = parent; cursor && !seen.has(cursor.id); ) {
        if (cursor.id === selfId) throw Errors.invalidParam('parent', 'validation.parentCycle');
        seen.add(cursor.id);
        cursor = cursor.parentId === 0 ? null : await manager.findOneBy(Term, { id: cursor.parentId, taxonomy: kind.taxonomy });
      }
    }
    return parentId;
  }

  private async assertNameFree(manager: EntityManager, kind: TermKind, name: string, parentId: number, selfId?: number): Promise<void> {
    const qb = manager
      .createQueryBuilder(Term, 'term')
      .where('term.taxonomy = :taxonomy', { taxonomy: kind.taxonomy })
      .andWhere('term.parent_id = :parentId', { parentId })
      .andWhere('LOWER(term.name) = :name', { name: name.toLowerCase() });
    if (selfId !== undefined) qb.andWhere('term.id <> :selfId', { selfId });
    // No unique index covers names, so on MySQL this read locks the rows and gaps it covers: a
    // concurrent writer of the same name waits or deadlocks (and is retried) instead of slipping
    // past. SQLite writes are already queued one at a time.
    if (!this.transactions.isSqlite) qb.setLock('pessimistic_write');
    const clash = await qb.getOne();
    if (clash) {
      throw new ApiError(400, 'term_exists', 'errors.term_exists', { data: { term_id: clash.id } });
    }
  }

  private async freeSlug(manager: EntityManager, kind: TermKind, source: string, selfId?: number): Promise<string> {
    const base = slugify(source) || 'term';
    const qb = manager
      .createQueryBuilder(Term, 'term')
      .select('term.slug', 'slug')
      .where('term.taxonomy = :taxonomy', { taxonomy: kind.taxonomy })
      .andWhere(`term.slug LIKE :prefix ESCAPE '${LIKE_ESCAPE}'`, { prefix: containsPattern(slugCandidatePrefix(base)).slice(1) });
    if (selfId !== undefined) qb.andWhere('term.id <> :selfId', { selfId });
    const taken = (await qb.getRawMany<{ slug: string }>()).map((row) => row.slug);
    return nextFreeSlug(base, taken);
  }

  /**
   * Two writers may pick the same free slug at once (the unique index decides), or deadlock on the
   * locks of assertNameFree; either way the loser starts again and sees the winner's row.
   */
  private async withConflictRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(isUniqueViolation(error) || isDeadlock(error)) || attempt >= WRITE_ATTEMPTS) throw error;
      }
    }
  }
}
