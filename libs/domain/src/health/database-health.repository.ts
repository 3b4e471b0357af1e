import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Whether the database answers, for the readiness probe. */
@Injectable()
export class DatabaseHealthRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
