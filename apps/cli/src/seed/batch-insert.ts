import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * Rows per INSERT statement. 500 events of 24 columns stay well below SQLite's 32,766 bound
 * parameters and MySQL's packet limit, and are few enough statements to keep seeding fast.
 */
export const BATCH_SIZE = 500;

export function inBatches<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** Multi-row INSERTs through the entity metadata, so each driver gets its own date and boolean forms. */
export async function insertRows<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  rows: QueryDeepPartialEntity<E>[],
): Promise<void> {
  for (const batch of inBatches(rows)) {
    // updateEntity(false): the generated IDs are read back by slug, which works alike on both drivers.
    await manager.createQueryBuilder().insert().into(target).values(batch).updateEntity(false).execute();
  }
}

/** Every slug a table holds: seeding again into the same database must pick new ones. */
export async function existingSlugs(manager: EntityManager, target: EntityTarget<ObjectLiteral>): Promise<string[]> {
  const rows = await manager.createQueryBuilder(target, 'r').select('r.slug', 'slug').getRawMany<{ slug: string }>();
  return rows.map((row) => row.slug);
}

/** IDs of the rows with these (unique) slugs, in the order of `slugs`. */
export async function idsBySlug(manager: EntityManager, target: EntityTarget<ObjectLiteral>, slugs: string[]): Promise<number[]> {
  const found = new Map<string, number>();
  for (const batch of inBatches(slugs)) {
    const rows = await manager
      .createQueryBuilder(target, 'r')
      .select('r.id', 'id')
      .addSelect('r.slug', 'slug')
      .where('r.slug IN (:...slugs)', { slugs: batch })
      .getRawMany<{ id: number | string; slug: string }>();
    for (const row of rows) found.set(row.slug, Number(row.id));
  }
  return slugs.map((slug) => {
    const id = found.get(slug);
    if (id === undefined) throw new Error(`The row with slug "${slug}" was not found after inserting it.`);
    return id;
  });
}

/** Inserts records with unique slugs and returns their IDs in the order given. */
export async function insertWithIds<E extends ObjectLiteral & { slug: string }>(
  manager: EntityManager,
  target: EntityTarget<E>,
  rows: Array<QueryDeepPartialEntity<E> & { slug: string }>,
): Promise<number[]> {
  await insertRows(manager, target, rows);
  return idsBySlug(
    manager,
    target,
    rows.map((row) => row.slug),
  );
}
