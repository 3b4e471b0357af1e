import { TransactionRunner } from '@app/database';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { ServerSecret } from './server-secret.entity';

const SECRET_BYTES = 32;

/**
 * Secrets every instance on one database must share (the key of the ETags), kept in the
 * database: the first instance that asks creates one, the others read it. Instances starting
 * together both try to insert; the insert ignores an existing name, so each then reads the
 * winner's value (a lost race or Galera certification is run again by the transaction runner).
 */
@Injectable()
export class ServerSecretsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {}

  async secret(name: string): Promise<Buffer> {
    const found = await this.read(name, this.dataSource.manager);
    if (found) return found;
    return this.transactions.run(
      async (manager) => {
        const value = randomBytes(SECRET_BYTES).toString('base64url');
        await manager.createQueryBuilder().insert().into(ServerSecret).values({ name, value }).orIgnore().execute();
        const created = await this.read(name, manager);
        if (!created) throw new Error(`server secret ${name} was not stored`);
        return created;
      },
      { contentUnchanged: true },
    );
  }

  private async read(name: string, manager: EntityManager): Promise<Buffer | undefined> {
    const row = await manager.getRepository(ServerSecret).findOneBy({ name });
    return row ? Buffer.from(row.value, 'base64url') : undefined;
  }
}
