import { CountedTerm, Term } from '@app/domain';

/**
 * A term as its answer shows it: its row, its count, and the slugs of its ancestors, root first.
 * A category's public URL nests under its ancestors (`/events/category/music/jazz/`), as WordPress
 * links hierarchical terms.
 */
export interface ShownTerm extends CountedTerm {
  ancestorSlugs: string[];
}

/** Reads terms by ID; it may return more (their ancestors), never fewer than exist. */
export type TermLoader = (ids: number[]) => Promise<Term[]>;

/**
 * Every ancestor of `terms`, with `terms` themselves, by ID. Parents not at hand are read with `load`
 * once per round; a loader that reads whole chains (TermsRepository.withAncestors) needs one round
 * for any depth, so a page of terms costs at most one more query, never one per term. A parent
 * that no longer exists ends its chain.
 */
export async function termsWithAncestors(terms: Term[], load: TermLoader): Promise<Map<number, Term>> {
  const byId = new Map(terms.map((term) => [term.id, term]));
  const tried = new Set<number>();
  for (;;) {
    const missing = [...new Set([...byId.values()].map((term) => term.parentId))].filter(
      (id) => id !== 0 && !byId.has(id) && !tried.has(id),
    );
    if (missing.length === 0) return byId;
    for (const id of missing) tried.add(id);
    for (const term of await load(missing)) byId.set(term.id, term);
  }
}

/** The slugs of a term's ancestors, root first, from terms by ID (see termsWithAncestors). */
export function ancestorSlugs(term: Term, byId: ReadonlyMap<number, Term>): string[] {
  const slugs: string[] = [];
  const seen = new Set([term.id]);
  for (let parent = byId.get(term.parentId); parent && !seen.has(parent.id); parent = byId.get(parent.parentId)) {
    seen.add(parent.id);
    slugs.unshift(parent.slug);
  }
  return slugs;
}

/** Counted terms with their ancestors' slugs, the ancestors read with `load` (see termsWithAncestors). */
export async function showTerms(items: CountedTerm[], load: TermLoader): Promise<ShownTerm[]> {
  const byId = await termsWithAncestors(
    items.map(({ term }) => term),
    load,
  );
  return items.map((item) => ({ ...item, ancestorSlugs: ancestorSlugs(item.term, byId) }));
}
