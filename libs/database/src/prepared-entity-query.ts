import { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { QueryExpressionMap } from 'typeorm/query-builder/QueryExpressionMap';
import { RawSqlResultsToEntityTransformer } from 'typeorm/query-builder/transformer/RawSqlResultsToEntityTransformer';

interface Prepared {
  /** The builder's SQL with its named parameters (`:id`, `:...ids`) still in it. */
  sql: string;
  /** Parameters the builder adds itself (a child entity's discriminator values). */
  own: ObjectLiteral;
  expressionMap: QueryExpressionMap;
}

/**
 * A query of entities that a query builder writes once per database kind and that then runs with
 * new parameter values, its rows hydrated as the builder's getMany() hydrates them. A builder
 * writes its SQL anew on every run (select list, joins, property names replaced by column names),
 * and for the hottest reads (every request's token, every write's records) that was the largest
 * share of TypeORM's time in a profile of writes. Only the values change between runs: the builder must put every
 * parameter in its conditions by name, and each run must give all of them.
 *
 * When an entity of the query listens to loads (`@AfterLoad`, a subscriber), the builder runs
 * as before: hydration alone would skip the listeners.
 */
export class PreparedEntityQuery<T extends ObjectLiteral> {
  private readonly prepared = new Map<string, Prepared | null>();

  constructor(private readonly build: (db: EntityManager) => SelectQueryBuilder<T>) {}

  async getMany(db: EntityManager, parameters: ObjectLiteral): Promise<T[]> {
    const prepared = this.preparedFor(db);
    if (!prepared) return this.build(db).setParameters(parameters).getMany();
    const driver = db.connection.driver;
    const [sql, values] = driver.escapeQueryWithParameters(prepared.sql, { ...prepared.own, ...parameters });
    const rows = (await db.query(sql, values)) as ObjectLiteral[];
    if (rows.length === 0) return [];
    const transformer = new RawSqlResultsToEntityTransformer(prepared.expressionMap, driver, [], db.queryRunner);
    return transformer.transform(rows, prepared.expressionMap.mainAlias!) as T[];
  }

  async getOne(db: EntityManager, parameters: ObjectLiteral): Promise<T | null> {
    return (await this.getMany(db, parameters))[0] ?? null;
  }

  private preparedFor(db: EntityManager): Prepared | null {
    const kind = db.connection.options.type;
    let prepared = this.prepared.get(kind);
    if (prepared === undefined) {
      const builder = this.build(db);
      const listened =
        db.connection.subscribers.length > 0 ||
        builder.expressionMap.aliases.some((alias) => alias.hasMetadata && alias.metadata.afterLoadListeners.length > 0);
      prepared = listened ? null : { sql: builder.getQuery(), own: builder.getParameters(), expressionMap: builder.expressionMap };
      this.prepared.set(kind, prepared);
    }
    return prepared;
  }
}
