import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Viewer } from '../users/viewer';
import { Image } from './image.entity';
import { openSql, visibilityParams } from './visibility';

/** The tables of records that show an image (`image_id`). */
const SHOWING_TABLES = ['events', 'venues', 'organizers'];

/** The indexed stand-in for an image's URL (`images.url_key`). */
export const imageUrlKey = (url: string): string => createHash('sha256').update(url, 'utf8').digest('hex');

/** Which image a write names: by ID, or by the URL it was recorded with. */
type ImageRef = { id: number } | { url: string };

/** Image records: URLs clients gave, referenced by post records. */
@Injectable()
export class ImagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The ID of the image `ref` names when this user may link it: one they recorded, or one shown by
   * a record they may open (readable, not in trash, not locked by a password for them). Null
   * otherwise, whether the image exists or not. Of several images of one URL, the oldest.
   */
  async findLinkable(ref: ImageRef, user: Viewer, now: Date, db: EntityManager = this.dataSource.manager): Promise<number | null> {
    const qb = db.createQueryBuilder(Image, 'i').select('i.id', 'id');
    if ('id' in ref) qb.where('i.id = :id', { id: ref.id });
    else qb.where('i.url_key = :urlKey AND i.url = :url', { urlKey: imageUrlKey(ref.url), url: ref.url });
    const shown = SHOWING_TABLES.map((table) => `EXISTS (SELECT 1 FROM ${table} r WHERE r.image_id = i.id AND ${openSql('r', user)})`);
    qb.andWhere(`(i.owner_id = :viewerId OR ${shown.join(' OR ')})`, visibilityParams(user, now));
    const row = await qb.orderBy('i.id').limit(1).getRawOne<{ id: number | string }>();
    return row ? Number(row.id) : null;
  }

  /** Records an image of `fields.url`, owned by `fields.ownerId`. */
  insert(fields: Omit<Image, 'id' | 'urlKey'>, db: EntityManager): Promise<Image> {
    return db.save(db.create(Image, { ...fields, urlKey: imageUrlKey(fields.url) }));
  }
}
