import { ChildEntity, Column, Entity, Index, PrimaryGeneratedColumn, TableInheritance, VirtualColumn } from 'typeorm';
import { Taxonomy, TAXONOMIES } from './taxonomy';
import { TERM_NAME_KEY_LENGTH } from './term-name-key';

/** SQL of the published-event count of the term aliased `alias` (TermCount rows). */
export const termCountSql = (alias: string) => `SELECT COALESCE(SUM(tc.count), 0) FROM term_counts tc WHERE tc.term_id = ${alias}.id`;

/**
 * Categories and tags share one table, told apart by `taxonomy`, as WordPress terms are: single
 * table inheritance, so a query on `Category` or `Tag` is limited to its own taxonomy.
 */
@Entity('terms')
@TableInheritance({ column: { name: 'taxonomy', type: 'varchar', length: 32 } })
@Index('UQ_terms_taxonomy_slug', ['taxonomy', 'slug'], { unique: true })
@Index('IDX_terms_taxonomy_parent', ['taxonomy', 'parentId'])
// One name per taxonomy and parent, ignoring case (TermsRepository keeps nameKey).
@Index('UQ_terms_taxonomy_parent_name', ['taxonomy', 'parentId', 'nameKey'], { unique: true })
// TypeORM indexes the discriminator of single table inheritance; naming it keeps migrations in charge.
@Index('IDX_terms_taxonomy', ['taxonomy'])
export class Term {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 32 })
  taxonomy: Taxonomy;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** `termNameKey(name)`, set by TermsRepository on every write. */
  @Column({ name: 'name_key', type: 'varchar', length: TERM_NAME_KEY_LENGTH, default: '' })
  nameKey: string;

  @Column({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'parent_id', type: 'integer', default: 0 })
  parentId: number;

  /**
   * Published events linked to the term: the sum of its `term_counts` rows, kept by
   * TermCountsRepository in the transactions that change an event's terms or status; read with
   * the term, never written from the entity.
   */
  @VirtualColumn({ type: 'integer', query: termCountSql, transformer: { from: Number, to: Number } })
  count: number;
}

/** An event category (`tribe_events_cat`); categories nest through `parentId`. */
@ChildEntity(TAXONOMIES.category)
export class Category extends Term {}

/** An event tag (`post_tag`); tags are flat. */
@ChildEntity(TAXONOMIES.tag)
export class Tag extends Term {}
