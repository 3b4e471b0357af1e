import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Image } from './image.entity';

/** Image records: URLs clients gave, referenced by post records. */
@Injectable()
export class ImagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  exists(id: number, db: EntityManager = this.dataSource.manager): Promise<boolean> {
    return db.existsBy(Image, { id });
  }

  insert(fields: Omit<Image, 'id'>, db: EntityManager): Promise<Image> {
    return db.save(db.create(Image, fields));
  }
}
