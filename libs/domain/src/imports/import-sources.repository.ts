import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CalendarEvent } from '../events/event.entity';
import { ImportSource } from './import-source.entity';

/** The import sources: one row each, and their lists. */
@Injectable()
export class ImportSourcesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  newSource(fields: Partial<ImportSource>, db: EntityManager = this.manager): ImportSource {
    return db.create(ImportSource, fields);
  }

  findById(id: number, db: EntityManager = this.manager): Promise<ImportSource | null> {
    return db.findOneBy(ImportSource, { id });
  }

  /** The oldest source subscribed to this URL. */
  findByUrl(url: string, db: EntityManager = this.manager): Promise<ImportSource | null> {
    return db.findOne(ImportSource, { where: { url }, order: { id: 'ASC' } });
  }

  save(source: ImportSource, db: EntityManager): Promise<ImportSource> {
    return db.save(source);
  }

  /** The source's row only: its events stay, without their link to it. */
  async remove(id: number, db: EntityManager): Promise<void> {
    await db
      .createQueryBuilder()
      .update(CalendarEvent)
      .set({
        importSourceId: null,
        importUid: null,
        importKey: null,
        importFingerprint: null,
        importSequence: null,
        importLastModified: null,
        importEdited: false,
      })
      .where('import_source_id = :id', { id })
      .execute();
    await db.delete(ImportSource, { id });
  }

  /** One page of sources, oldest first, and the total. */
  async page(window: { page: number; perPage: number }): Promise<{ items: ImportSource[]; total: number }> {
    const total = await this.manager.count(ImportSource);
    const offset = (window.page - 1) * window.perPage;
    if (offset >= total) return { items: [], total };
    const items = await this.manager.find(ImportSource, { order: { id: 'ASC' }, skip: offset, take: window.perPage });
    return { items, total };
  }
}
