import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { ApiToken } from './api-token.entity';
import { Role } from './role';
import { User } from './user.entity';

/** Every query over users and their API tokens (tokens are stored as hashes only). */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  findById(id: number): Promise<User | null> {
    return this.manager.findOneBy(User, { id });
  }

  findByName(name: string, db: EntityManager = this.manager): Promise<User | null> {
    return db.findOneBy(User, { name });
  }

  findFirstWithRole(role: Role, db: EntityManager = this.manager): Promise<User | null> {
    return db.findOne(User, { where: { role }, order: { id: 'ASC' } });
  }

  insertUser(fields: Pick<User, 'name' | 'role' | 'createdUtc'>, db: EntityManager): Promise<User> {
    return db.save(db.create(User, fields));
  }

  async insertToken(userId: number, tokenHash: string, createdUtc: Date, db: EntityManager): Promise<void> {
    await db.insert(ApiToken, { userId, tokenHash, createdUtc, revokedUtc: null });
  }

  /** Returns false when no active token has that hash. */
  async revokeToken(tokenHash: string, revokedUtc: Date, db: EntityManager): Promise<boolean> {
    const result = await db.update(ApiToken, { tokenHash, revokedUtc: IsNull() }, { revokedUtc });
    return (result.affected ?? 0) > 0;
  }

  hasToken(tokenHash: string, db: EntityManager = this.manager): Promise<boolean> {
    return db.existsBy(ApiToken, { tokenHash });
  }

  /** The user an active token belongs to. */
  async findByActiveToken(tokenHash: string): Promise<User | null> {
    const token = await this.manager.findOne(ApiToken, { where: { tokenHash, revokedUtc: IsNull() }, relations: { user: true } });
    return token?.user ?? null;
  }
}
