import { slugify } from '@app/common';
import { Taxonomy, Term } from '@app/terms';
import { EntityManager, In } from 'typeorm';
import { insertRows } from './batch-insert';

/**
 * The terms with these names, by name: ones that already exist with the same slug (an earlier seed,
 * or an editor's) are reused, the others created.
 */
export async function ensureTerms(manager: EntityManager, taxonomy: Taxonomy, names: readonly string[]): Promise<Map<string, number>> {
  const slugs = names.map((name) => slugify(name));
  const find = async () =>
    new Map(
      (await manager.find(Term, { where: { taxonomy, slug: In(slugs) }, select: { id: true, slug: true } })).map((t) => [t.slug, t.id]),
    );
  const existing = await find();
  const missing = names.filter((_name, i) => !existing.has(slugs[i]));
  if (missing.length > 0) {
    await insertRows(
      manager,
      Term,
      missing.map((name) => ({ taxonomy, name, slug: slugify(name), description: '', parentId: 0 })),
    );
  }
  const ids = missing.length > 0 ? await find() : existing;
  return new Map(names.map((name, i) => [name, ids.get(slugs[i]) as number]));
}
