import { SelectQueryBuilder } from 'typeorm';
import { Viewer } from '../users/viewer';
import { contentFilterSql } from './visibility';

/** A list filter on one stored value (a declared field's `filter`, README, Extending a module). */
export interface ColumnFilter {
  /** Entity property name of the column. */
  property: string;
  op: '=' | '>=' | '<=';
  value: string | number | boolean;
  /** Whether a record the caller cannot open hides the value: such a record then never matches. */
  hiddenWhenLocked: boolean;
}

/** Adds each filter to the query on alias `p`; a hidden value is compared only on records the viewer can open. */
export function whereColumns<T extends object>(
  qb: SelectQueryBuilder<T>,
  filters: readonly ColumnFilter[],
  viewer: Viewer | undefined,
): void {
  const metadata = qb.expressionMap.mainAlias!.metadata;
  filters.forEach((filter, i) => {
    const column = metadata.findColumnWithPropertyName(filter.property);
    if (!column) throw new Error(`No column for the filtered property "${filter.property}".`);
    const condition = `p.${column.databaseName} ${filter.op} :columnFilter${i}`;
    const sql = filter.hiddenWhenLocked ? contentFilterSql('p', viewer, condition) : condition;
    qb.andWhere(sql, { [`columnFilter${i}`]: filter.value, viewerId: viewer?.id ?? 0 });
  });
}
