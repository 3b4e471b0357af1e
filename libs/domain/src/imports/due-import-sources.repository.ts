import { TransactionRunner } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImportSource } from './import-source.entity';

/** A source whose scheduled refresh is due. */
export interface DueImportSource {
  id: number;
  refreshSeconds: number;
}

/**
 * The import sources whose refresh is due (`next_run_at <= now`, on `IDX_import_sources_next_run`),
 * and the claim that moves a source's next run on before it runs, so that it runs once per period
 * whatever the number of instances asking.
 */
@Injectable()
export class DueImportSourcesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Up to `limit` due sources, the longest due first. */
  async due(now: Date, limit: number): Promise<DueImportSource[]> {
    const rows = await this.dataSource
      .createQueryBuilder()
      .select('s.id', 'id')
      .addSelect('s.refresh_seconds', 'refreshSeconds')
      .from('import_sources', 's')
      .where('s.next_run_at <= :now', { now })
      .andWhere('s.refresh_seconds IS NOT NULL')
      .orderBy('s.next_run_at', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string; refreshSeconds: number | string }>();
    return rows.map((row) => ({ id: Number(row.id), refreshSeconds: Number(row.refreshSeconds) }));
  }

  /**
   * Sets the source's next run to `refreshSeconds` after `now` if it is still due; false when
   * another instance claimed it first (one conditional UPDATE: the loser's condition no longer
   * holds). Nothing a read answers changes, so the data version stays as it is.
   */
  async claim(source: DueImportSource, now: Date): Promise<boolean> {
    const next = new Date(now.getTime() + source.refreshSeconds * 1000);
    return this.transactions.run(
      async (db) => {
        const result = await db
          .createQueryBuilder()
          .update(ImportSource)
          .set({ nextRunAt: () => ':next' })
          .where('id = :id', { id: source.id })
          .andWhere('next_run_at <= :now')
          .setParameters({ next, now })
          .execute();
        return result.affected === 1;
      },
      { contentUnchanged: true },
    );
  }
}
