import { Injectable } from '@nestjs/common';
import { PreparedEntityQuery } from '@app/database';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { ApiToken } from './api-token.entity';
import { Role } from './role';
import { User } from './user.entity';

/** A token a request presented, found active, with its user (who may be disabled). */
interface PresentedToken {
  tokenId: number;
  lastUsedUtc: Date | null;
  user: User;
}

/** A user as the command-line app lists them, with the number of tokens not revoked. */
export interface UserSummary {
  user: User;
  activeTokens: number;
}

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
    return db.save(db.create(User, { ...fields, disabledUtc: null }));
  }

  async insertToken(userId: number, tokenHash: string, createdUtc: Date, db: EntityManager): Promise<void> {
    await db.insert(ApiToken, { userId, tokenHash, createdUtc, revokedUtc: null, lastUsedUtc: null });
  }

  /** Returns false when no active token has that hash. */
  async revokeToken(tokenHash: string, revokedUtc: Date, db: EntityManager): Promise<boolean> {
    const result = await db.update(ApiToken, { tokenHash, revokedUtc: IsNull() }, { revokedUtc });
    return (result.affected ?? 0) > 0;
  }

  /** Returns false when no active token has that ID. */
  async revokeTokenById(tokenId: number, revokedUtc: Date, db: EntityManager): Promise<boolean> {
    const result = await db.update(ApiToken, { id: tokenId, revokedUtc: IsNull() }, { revokedUtc });
    return (result.affected ?? 0) > 0;
  }

  hasToken(tokenHash: string, db: EntityManager = this.manager): Promise<boolean> {
    return db.existsBy(ApiToken, { tokenHash });
  }

  /**
   * The active (not revoked) token with this hash and its user, in one statement: the hash is
   * unique, so no LIMIT is needed, and without one TypeORM does not first select the token's ID
   * in a DISTINCT subquery, a second round trip on every authenticated request.
   */
  /** Every authenticated request's lookup, written once (PreparedEntityQuery). */
  private readonly activeToken = new PreparedEntityQuery<ApiToken>((db) =>
    db
      .createQueryBuilder(ApiToken, 'token')
      .leftJoinAndSelect('token.user', 'user')
      .where('token.token_hash = :tokenHash')
      .andWhere('token.revoked_utc IS NULL'),
  );

  async findActiveToken(tokenHash: string): Promise<PresentedToken | null> {
    const token = await this.activeToken.getOne(this.manager, { tokenHash });
    return token?.user ? { tokenId: token.id, lastUsedUtc: token.lastUsedUtc, user: token.user } : null;
  }

  /** Records a use of the token, unless one at or after `notBefore` is recorded already. */
  async touchToken(tokenId: number, usedUtc: Date, notBefore: Date, db: EntityManager): Promise<void> {
    await db
      .createQueryBuilder()
      .update(ApiToken)
      .set({ lastUsedUtc: usedUtc })
      .where('id = :tokenId', { tokenId })
      .andWhere('(last_used_utc IS NULL OR last_used_utc < :notBefore)', { notBefore })
      .execute();
  }

  /** Every user by ID, with how many tokens each has that are not revoked. */
  async listUsers(): Promise<UserSummary[]> {
    const users = await this.manager.find(User, { order: { id: 'ASC' } });
    const counts = await this.manager
      .createQueryBuilder(ApiToken, 'token')
      .select('token.user_id', 'userId')
      .addSelect('COUNT(*)', 'count')
      .where('token.revoked_utc IS NULL')
      .groupBy('token.user_id')
      .getRawMany<{ userId: number | string; count: number | string }>();
    const byUser = new Map(counts.map((row) => [Number(row.userId), Number(row.count)]));
    return users.map((user) => ({ user, activeTokens: byUser.get(user.id) ?? 0 }));
  }

  /** A user's tokens, oldest first, revoked ones included. */
  listTokens(userId: number): Promise<ApiToken[]> {
    return this.manager.find(ApiToken, { where: { userId }, order: { id: 'ASC' } });
  }

  async setRole(userId: number, role: Role, db: EntityManager): Promise<void> {
    await db.update(User, { id: userId }, { role });
  }

  /** `null` enables the user again. */
  async setDisabled(userId: number, disabledUtc: Date | null, db: EntityManager): Promise<void> {
    await db.update(User, { id: userId }, { disabledUtc });
  }

  /** Administrators that are not disabled, other than `exceptId`. */
  countOtherEnabledAdministrators(exceptId: number): Promise<number> {
    return this.manager.countBy(User, { role: 'administrator', disabledUtc: IsNull(), id: Not(exceptId) });
  }
}
