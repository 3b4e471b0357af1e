import { containsPattern, LIKE_ESCAPE, lockExistingIds, rowLocksSupported } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { EventLinksRepository } from '../events/event-links.repository';
import { EventsRepository } from '../events/events.repository';
import { Taxonomy, TAXONOMIES } from './taxonomy';
import { TermCount } from './term-count.entity';
import { Category, Tag, Term, termCountSql } from './term.entity';
import { termNameKey } from './term-name-key';

/** The entity of one taxonomy: queries on it see only its own terms. */
export type TermTarget = typeof Category | typeof Tag;

export const TERM_ORDERBY = ['id', 'name', 'slug', 'count', 'description'] as const;
type TermOrderBy = (typeof TERM_ORDERBY)[number];

export function taxonomyOf(target: TermTarget): Taxonomy {
  return target === Category ? TAXONOMIES.category : TAXONOMIES.tag;
}

export interface CountedTerm {
  term: Term;
  count: number;
}

/** A term list's filters once validated (docs/api-rules.md, Lists). */
interface TermListCriteria {
  target: TermTarget;
  now: Date;
  search?: string;
  include?: number[];
  exclude?: number[];
  parent?: number;
  /** Only terms of this event. */
  eventId?: number;
  slugs?: string[];
  hideEmpty: boolean;
  orderby: TermOrderBy;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** How a request names a term: the column compared and the form the given value takes for it. */
const TERM_KEYS = {
  id: { column: 'term.id', key: (given: number | string) => Number(given) },
  /** Slugs are stored lower-case. */
  slug: { column: 'term.slug', key: (given: number | string) => String(given).toLowerCase() },
  /** A name matches ignoring case (its key). */
  name: { column: 'term.name_key', key: (given: number | string) => termNameKey(String(given)) },
} as const;

type TermMatch = [condition: string, parameters: Record<string, number | string>];

/** The condition (on alias `term`, parameter `:param`) of a single lookup and of findReferenced alike. */
function termMatch(by: keyof typeof TERM_KEYS, param: string, given: number | string): TermMatch {
  const { column, key } = TERM_KEYS[by];
  return [`${column} = :${param}`, { [param]: key(given) }];
}

/** Every query over the terms table; counts and event links are asked of the events repositories. */
@Injectable()
export class TermsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventsRepository,
    private readonly links: EventLinksRepository,
  ) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  private query(target: TermTarget, db: EntityManager = this.manager): SelectQueryBuilder<Term> {
    return db.createQueryBuilder<Term>(target, 'term').where('term.taxonomy = :taxonomy', { taxonomy: taxonomyOf(target) });
  }

  async page(criteria: TermListCriteria): Promise<{ items: CountedTerm[]; total: number }> {
    const qb = this.query(criteria.target);
    if (criteria.search) {
      qb.andWhere(`(LOWER(term.name) LIKE :search ESCAPE '${LIKE_ESCAPE}' OR LOWER(term.slug) LIKE :search ESCAPE '${LIKE_ESCAPE}')`, {
        search: containsPattern(criteria.search),
      });
    }
    if (criteria.include?.length) qb.andWhere('term.id IN (:...include)', { include: criteria.include });
    if (criteria.exclude?.length) qb.andWhere('term.id NOT IN (:...exclude)', { exclude: criteria.exclude });
    if (criteria.parent !== undefined) qb.andWhere('term.parent_id = :parent', { parent: criteria.parent });
    if (criteria.eventId !== undefined) qb.andWhere(this.events.termOfEventSql(), { linkedEvent: criteria.eventId });
    if (criteria.slugs?.length) qb.andWhere('term.slug IN (:...slugs)', { slugs: criteria.slugs.map((s) => s.toLowerCase()) });
    if (criteria.hideEmpty) qb.andWhere(`(${termCountSql('term')}) > 0`);

    const total = await qb.getCount();
    // Past the end there is nothing to fetch, and a huge page would overflow the OFFSET.
    if ((criteria.page - 1) * criteria.perPage >= total) return { items: [], total };
    const direction = criteria.order.toUpperCase() as 'ASC' | 'DESC';
    if (criteria.orderby === 'count') qb.addSelect(`(${termCountSql('term')})`, 'sort_count').orderBy('sort_count', direction);
    else if (criteria.orderby === 'id') qb.orderBy('term.id', direction);
    // Case-insensitive on both drivers: MySQL's collation folds case, SQLite's does not.
    else qb.addSelect(`LOWER(term.${criteria.orderby})`, 'sort_key').orderBy('sort_key', direction);
    qb.addOrderBy('term.id', direction)
      .offset((criteria.page - 1) * criteria.perPage)
      .limit(criteria.perPage);
    const entities = await qb.getMany();
    return { items: entities.map((term) => ({ term, count: term.count })), total };
  }

  findById(target: TermTarget, id: number, db: EntityManager = this.manager): Promise<Term | null> {
    return this.query(target, db)
      .andWhere(...termMatch('id', 'id', id))
      .getOne();
  }

  findBySlug(target: TermTarget, slug: string, db: EntityManager = this.manager): Promise<Term | null> {
    return this.query(target, db)
      .andWhere(...termMatch('slug', 'slug', slug))
      .getOne();
  }

  /** The oldest term named `name`, ignoring case. */
  findByName(target: TermTarget, name: string, db: EntityManager = this.manager): Promise<Term | null> {
    return this.query(target, db)
      .andWhere(...termMatch('name', 'key', name))
      .orderBy('term.id', 'ASC')
      .getOne();
  }

  /**
   * What an event body's references name, in one statement for all of them: for each ID, whether
   * the taxonomy has it (findById); for each text, the term whose slug is the text lower-cased
   * (findBySlug), else the oldest whose name is the text ignoring case (findByName); null for
   * none. The database compares, in the select list as those lookups do in their WHERE, so its
   * collation decides the same way.
   */
  async findReferenced(
    target: TermTarget,
    ids: readonly number[],
    texts: readonly string[],
    db: EntityManager = this.manager,
  ): Promise<{ ids: Array<number | null>; texts: Array<number | null> }> {
    if (ids.length === 0 && texts.length === 0) return { ids: [], texts: [] };
    const qb = this.query(target, db).select('term.id', 'id');
    const wanted: string[] = [];
    const flag = (alias: string, [condition, parameters]: TermMatch) => {
      qb.addSelect(condition, alias).setParameters(parameters);
      wanted.push(condition);
    };
    ids.forEach((id, i) => flag(`i${i}`, termMatch('id', `id${i}`, id)));
    texts.forEach((text, i) => {
      flag(`s${i}`, termMatch('slug', `slug${i}`, text));
      flag(`k${i}`, termMatch('name', `key${i}`, text));
    });
    const rows = await qb.andWhere(`(${wanted.join(' OR ')})`).getRawMany<Record<string, number | string | null>>();
    const holding = (flag: string) => rows.filter((row) => Number(row[flag]) === 1).map((row) => Number(row.id));
    const oldest = (found: number[]) => (found.length === 0 ? null : Math.min(...found));
    return {
      ids: ids.map((_, i) => oldest(holding(`i${i}`))),
      texts: texts.map((_, i) => oldest(holding(`s${i}`)) ?? oldest(holding(`k${i}`))),
    };
  }

  /**
   * Locks the term for the rest of the write transaction (MySQL: FOR UPDATE), so writes of one
   * term run one after the other; its ID, or null when there is none (also when it was deleted
   * while this writer waited).
   */
  async lockForWrite(target: TermTarget, ref: { id: number } | { slug: string }, db: EntityManager): Promise<number | null> {
    const qb = this.query(target, db).select('term.id', 'id');
    qb.andWhere(...('id' in ref ? termMatch('id', 'id', ref.id) : termMatch('slug', 'slug', ref.slug)));
    if (rowLocksSupported(db)) qb.setLock('pessimistic_write');
    const row = await qb.getRawOne<{ id: number | string }>();
    return row ? Number(row.id) : null;
  }

  /** Holds the term whose slug is `slug`, if any (MySQL), so writers choosing slugs from one base take turns. */
  async lockSlug(target: TermTarget, slug: string, db: EntityManager): Promise<void> {
    if (!rowLocksSupported(db)) return;
    await this.query(target, db).select('term.id', 'id').andWhere('term.slug = :slug', { slug }).setLock('pessimistic_write').getRawOne();
  }

  /**
   * Of these term IDs (either taxonomy), those that exist, kept from deletion until the
   * transaction ends (MySQL: in share mode, in ID order). Shared: the counts an event write changes
   * are rows of term_counts, not of terms, so no writer upgrades this lock, and writers of one
   * popular term need not wait for each other's commit.
   */
  lockExisting(ids: number[], db: EntityManager): Promise<number[]> {
    return lockExistingIds(Term, ids, db);
  }

  /** Terms of either taxonomy by ID, any that exist. */
  findAnyByIds(ids: number[]): Promise<Term[]> {
    return ids.length ? this.manager.find(Term, { where: { id: In(ids) } }) : Promise.resolve([]);
  }

  /**
   * The terms with these IDs (either taxonomy) and all their ancestors, in one recursive query
   * whatever the depth of the tree: what a term's `url` needs (its ancestors' slugs). UNION drops
   * repeats, so even a cycle in the stored parents would end.
   */
  withAncestors(ids: number[], db: EntityManager = this.manager): Promise<Term[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const chain =
      'WITH RECURSIVE chain (id) AS (SELECT id FROM terms WHERE id IN (:...ids) ' +
      'UNION SELECT parent.parent_id FROM terms parent INNER JOIN chain ON parent.id = chain.id WHERE parent.parent_id <> 0) ' +
      'SELECT id FROM chain';
    return db.createQueryBuilder(Term, 'term').where(`term.id IN (${chain})`, { ids }).getMany();
  }

  /** Terms given by ID or by slug, any that exist. */
  findByIdsOrSlugs(target: TermTarget, ids: number[], slugs: string[]): Promise<Term[]> {
    const taxonomy = taxonomyOf(target);
    const where = [...(ids.length ? [{ taxonomy, id: In(ids) }] : []), ...(slugs.length ? [{ taxonomy, slug: In(slugs) }] : [])];
    return where.length ? this.manager.find(target, { where }) : Promise.resolve([]);
  }

  /** How many of these IDs are terms of the taxonomy. */
  countExisting(target: TermTarget, ids: number[]): Promise<number> {
    return ids.length ? this.query(target).andWhere('term.id IN (:...ids)', { ids }).getCount() : Promise.resolve(0);
  }

  /**
   * Another term of the taxonomy named `name` (ignoring case) under `parentId`. A writer of the
   * same name committing after this read still cannot slip past: the unique index on the name key
   * refuses the second row, and the transaction runs again and finds the first.
   */
  findNameClash(target: TermTarget, name: string, parentId: number, selfId: number | undefined, db: EntityManager): Promise<Term | null> {
    const qb = this.query(target, db)
      .andWhere('term.parent_id = :parentId', { parentId })
      .andWhere('term.name_key = :key', { key: termNameKey(name) });
    if (selfId !== undefined) qb.andWhere('term.id <> :selfId', { selfId });
    return qb.getOne();
  }

  /** Slugs of the taxonomy that start with `prefix`, other than the term's own. */
  async slugsWithPrefix(target: TermTarget, prefix: string, selfId: number | undefined, db: EntityManager): Promise<string[]> {
    const qb = this.query(target, db)
      .select('term.slug', 'slug')
      .andWhere(`term.slug LIKE :prefix ESCAPE '${LIKE_ESCAPE}'`, { prefix: containsPattern(prefix).slice(1) });
    if (selfId !== undefined) qb.andWhere('term.id <> :selfId', { selfId });
    return (await qb.getRawMany<{ slug: string }>()).map((row) => row.slug);
  }

  newTerm(target: TermTarget, fields: Pick<Term, 'name' | 'slug' | 'description' | 'parentId'>, db: EntityManager): Term {
    return db.create(target, { ...fields, nameKey: termNameKey(fields.name), taxonomy: taxonomyOf(target) });
  }

  save(term: Term, db: EntityManager): Promise<Term> {
    term.nameKey = termNameKey(term.name);
    return db.save(term);
  }

  /** Deletes a term for good: events lose it, its children move up to its parent. */
  async remove(target: TermTarget, term: Term, db: EntityManager): Promise<void> {
    await this.links.unlinkTerm(term.id, db);
    await db.update(target, { taxonomy: taxonomyOf(target), parentId: term.id }, { parentId: term.parentId });
    await db.delete(target, { id: term.id });
    await db.delete(TermCount, { termId: term.id });
  }
}
