import { PostRecord } from '@app/domain';
import { Random } from './random';

/** What every generated record shares: the random source, its author and the moment of seeding. */
export interface SeedContext {
  random: Random;
  authorId: number;
  /** Whole seconds, like every date the API stores. */
  now: Date;
}

type PostColumns = Pick<
  PostRecord,
  | 'slug'
  | 'status'
  | 'authorId'
  | 'title'
  | 'description'
  | 'excerpt'
  | 'imageId'
  | 'password'
  | 'wasPublished'
  | 'publishedUtc'
  | 'modifiedUtc'
>;

/** The shared columns of a record published at the moment of seeding. */
export function publishedPost(
  context: SeedContext,
  fields: { slug: string; title: string; description: string; excerpt?: string },
): PostColumns {
  return {
    slug: fields.slug,
    status: 'publish',
    authorId: context.authorId,
    title: fields.title,
    description: fields.description,
    excerpt: fields.excerpt ?? '',
    imageId: null,
    password: null,
    wasPublished: true,
    publishedUtc: context.now,
    modifiedUtc: context.now,
  };
}

/** `{slot}`s of a pattern filled with random picks from the lists. */
export function fillSlots(pattern: string, random: Random, lists: Record<string, readonly string[]>): string {
  return pattern.replace(/\{(\w+)\}/g, (_match, slot: string) => random.pick(lists[slot]));
}
