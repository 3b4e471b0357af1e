import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CalendarEvent } from './event.entity';

const ANY_DUE_SQL = `SELECT id FROM events WHERE status = 'future' AND published_utc <= :now LIMIT 1`;

/** The scheduled (`future`) events whose publication instant has passed, on `IDX_events_due`. */
@Injectable()
export class DueEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async anyDue(now: Date): Promise<boolean> {
    // Asked before every read of events: the statement is fixed, only the instant is bound (as a builder binds it).
    const [sql, parameters] = this.dataSource.driver.escapeQueryWithParameters(ANY_DUE_SQL, { now });
    const rows: unknown[] = await this.dataSource.query(sql, parameters);
    return rows.length > 0;
  }

  /** Up to `limit` due events' IDs, the longest due first. */
  async dueIds(now: Date, limit: number, db: EntityManager): Promise<number[]> {
    const rows = await db
      .createQueryBuilder()
      .select('e.id', 'id')
      .from('events', 'e')
      .where(`e.status = 'future'`)
      .andWhere('e.published_utc <= :now', { now })
      .orderBy('e.published_utc', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /** Publishes the event if it is still scheduled; whether this call changed it. */
  async publish(id: number, db: EntityManager): Promise<boolean> {
    const result = await db
      .createQueryBuilder()
      .update(CalendarEvent)
      .set({ status: 'publish', wasPublished: true })
      .where('id = :id', { id })
      .andWhere(`status = 'future'`)
      .execute();
    return result.affected === 1;
  }
}
