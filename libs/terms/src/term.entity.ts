import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Taxonomy } from './taxonomy';

/** Categories and tags share one table, told apart by `taxonomy`, as WordPress terms are. */
@Entity('terms')
@Index('UQ_terms_taxonomy_slug', ['taxonomy', 'slug'], { unique: true })
@Index('IDX_terms_taxonomy_parent', ['taxonomy', 'parentId'])
export class Term {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 32 })
  taxonomy: Taxonomy;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'parent_id', type: 'integer', default: 0 })
  parentId: number;
}
