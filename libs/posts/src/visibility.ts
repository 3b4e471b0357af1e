import { Brackets, WhereExpressionBuilder } from 'typeorm';

/**
 * A `future` record becomes public once its publication date has passed (contract §6). Instead
 * of a scheduler rewriting rows, reads treat such a record as published; `now` is a parameter so
 * every instance and every query agree.
 */
export function publishedCondition(alias: string, nowParam = 'now'): string {
  return `(${alias}.status = 'publish' OR (${alias}.status = 'future' AND ${alias}.published_utc <= :${nowParam}))`;
}

export function wherePublished(qb: WhereExpressionBuilder, alias: string, now: Date): void {
  qb.andWhere(new Brackets((inner) => inner.where(publishedCondition(alias), { now })));
}
