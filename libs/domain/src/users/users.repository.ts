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

  findByName(name: string): Promise<User | null> {
    return this.manager.findOneBy(User, { name });
  }

  findFirstWithRole(role: Role): Promise<User | null> {
    return this.manager.findOne(User, { where: { role }, order: { id: 'ASC' } });
  }

  insertUser(fields: Pick<User, 'name' | 'role' | 'createdUtc'>): Promise<User> {
    return this.manager.save(this.manager.create(User, fields));
  }

  async insertToken(userId: number, tokenHash: string, createdUtc: Date): Promise<void> {
    await this.manager.insert(ApiToken, { userId, tokenHash, createdUtc, revokedUtc: null });
  }

  /** Returns false when no active token has that hash. */
  async revokeToken(tokenHash: string, revokedUtc: Date): Promise<boolean> {
    const result = await this.manager.update(ApiToken, { tokenHash, revokedUtc: IsNull() }, { revokedUtc });
    return (result.affected ?? 0) > 0;
  }

  hasToken(tokenHash: string): Promise<boolean> {
    return this.manager.existsBy(ApiToken, { tokenHash });
  }

  /** The user an active token belongs to. */
  async findByActiveToken(tokenHash: string): Promise<User | null> {
    const token = await this.manager.findOne(ApiToken, { where: { tokenHash, revokedUtc: IsNull() }, relations: { user: true } });
    return token?.user ?? null;
  }
}
