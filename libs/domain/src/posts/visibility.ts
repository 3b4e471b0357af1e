import { isEditorial } from '../users/role';
import type { Viewer } from '../users/viewer';
import { Brackets, WhereExpressionBuilder } from 'typeorm';
import { PostStatus } from './post-status';

/**
 * A `future` record becomes public once its publication date has passed (docs/api-rules.md, Statuses, users and permissions). Instead
 * of a scheduler rewriting rows, reads treat such a record as published; `now` is a parameter so
 * every query of a request agrees.
 */
export function publishedCondition(alias: string, nowParam = 'now'): string {
  // Written with a leading IN so the planner reads one range of the status index instead of
  // merging two (SQLite: the event list's count and page queries ran 3-4x faster).
  return `(${alias}.status IN ('publish', 'future') AND (${alias}.status = 'publish' OR ${alias}.published_utc <= :${nowParam}))`;
}

/** SQL for one status as the caller sees it (`publish` includes due `future` records). */
function statusCondition(alias: string, status: PostStatus): string {
  if (status === 'publish') return publishedCondition(alias);
  if (status === 'future') return `(${alias}.status = 'future' AND ${alias}.published_utc > :now)`;
  return `${alias}.status = '${status}'`;
}

/**
 * Restricts a list to the given statuses and to what the caller may read (docs/api-rules.md, Statuses, users and permissions): editors
 * see everything, authors and contributors published records and their own, anonymous callers
 * published ones only. `statuses` must already be validated against the status list.
 */
export function whereVisible(qb: WhereExpressionBuilder, alias: string, user: Viewer | undefined, statuses: PostStatus[], now: Date): void {
  qb.andWhere(
    new Brackets((inner) => {
      for (const status of statuses) inner.orWhere(statusCondition(alias, status), { now });
    }),
  );
  if (isEditorial(user?.role)) return;
  if (!user) {
    // A list of published records only has just said so: MySQL would test the same condition
    // twice on every row it counts (a third of the time of counting 50,000 venues).
    if (statuses.length === 0 || statuses.some((status) => status !== 'publish')) qb.andWhere(publishedCondition(alias), { now });
    return;
  }
  qb.andWhere(
    new Brackets((inner) =>
      inner.where(publishedCondition(alias), { now }).orWhere(`${alias}.author_id = :viewerId`, { viewerId: user.id }),
    ),
  );
}

/**
 * SQL true when the record aliased `alias` is password-protected and this viewer cannot open it
 * without the password (editors and the owner can): its content is hidden from them, so searches,
 * filters and embeds must not reveal it either (docs/api-rules.md, Statuses, users and permissions; README, Security). Signed-in non-editors need
 * the `viewerId` parameter.
 */
function lockedSql(alias: string, viewer: Viewer | undefined): string {
  if (isEditorial(viewer?.role)) return '1 = 0';
  const protectedRecord = `(${alias}.password IS NOT NULL AND ${alias}.password <> '')`;
  return viewer ? `(${protectedRecord} AND ${alias}.author_id <> :viewerId)` : protectedRecord;
}

/**
 * The one condition every filter on content goes through (searches, filters on an event's terms,
 * venues, organizers or coordinates, and any filter added later on what a record hides): a record
 * the viewer cannot open (password) never meets `content`; it meets the filter only through
 * `shown`, a condition on what a locked record shows (its name), when there is one. Needs the
 * `viewerId` parameter for signed-in non-editors (visibilityParams).
 */
export function contentFilterSql(alias: string, viewer: Viewer | undefined, content: string, shown?: string): string {
  const locked = lockedSql(alias, viewer);
  const open = locked === '1 = 0' ? content : `(NOT ${locked} AND ${content})`;
  return shown === undefined ? open : `(${shown} OR ${open})`;
}

/**
 * An indexed search's answer (MySQL/MariaDB, search/search-gram-index.ts) under the same rule as
 * contentFilterSql: `any` (a match in any column) for records the viewer can open, `title` for
 * those it cannot. Written as `any AND (open OR title)`, so the index's matches drive the query
 * (a top-level IN, which MariaDB reads first) and the title's are asked of locked records only.
 */
export function indexedSearchSql(alias: string, viewer: Viewer | undefined, match: { any: string; title: string }): string {
  const locked = lockedSql(alias, viewer);
  return locked === '1 = 0' ? match.any : `(${match.any} AND (NOT ${locked} OR ${match.title}))`;
}

/**
 * SQL true when the viewer may read the record aliased `alias` and it is not in trash: what a
 * filter or an embed may show. Needs the `now` parameter, and `viewerId` for signed-in non-editors.
 */
export function readableSql(alias: string, viewer: Viewer | undefined): string {
  if (isEditorial(viewer?.role)) return `${alias}.status <> 'trash'`;
  if (!viewer) return publishedCondition(alias);
  return `(${publishedCondition(alias)} OR (${alias}.author_id = :viewerId AND ${alias}.status <> 'trash'))`;
}

/** Readable and, when password-protected, open to this viewer: its links and content may show. */
export function openSql(alias: string, viewer: Viewer | undefined): string {
  return `(${readableSql(alias, viewer)} AND NOT ${lockedSql(alias, viewer)})`;
}

/** The parameters the SQL above needs. */
export function visibilityParams(viewer: Viewer | undefined, now: Date): { now: Date; viewerId: number } {
  return { now, viewerId: viewer?.id ?? 0 };
}
