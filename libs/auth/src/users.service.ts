import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiToken } from './entities/api-token.entity';
import { User } from './entities/user.entity';
import { Role } from './role';
import { generateTokenSecret, hashTokenSecret } from './token-secret';

export interface IssuedToken {
  user: User;
  token: string;
}

function nowUtc(): Date {
  const now = new Date();
  now.setUTCMilliseconds(0);
  return now;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(ApiToken) private readonly tokens: Repository<ApiToken>,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByName(name: string): Promise<User | null> {
    return this.users.findOneBy({ name });
  }

  findFirstWithRole(role: Role): Promise<User | null> {
    return this.users.findOne({ where: { role }, order: { id: 'ASC' } });
  }

  /** Creates a user and its first token; the secret is returned once and never stored. */
  async createWithToken(name: string, role: Role, secret = generateTokenSecret()): Promise<IssuedToken> {
    const user = await this.users.save(this.users.create({ name, role, createdUtc: nowUtc() }));
    await this.storeToken(user.id, secret);
    return { user, token: secret };
  }

  async issueToken(userId: number, secret = generateTokenSecret()): Promise<string> {
    await this.storeToken(userId, secret);
    return secret;
  }

  /** Returns false when no active token has that secret. */
  async revokeToken(secret: string): Promise<boolean> {
    const result = await this.tokens.update({ tokenHash: hashTokenSecret(secret), revokedUtc: IsNull() }, { revokedUtc: nowUtc() });
    return (result.affected ?? 0) > 0;
  }

  async hasToken(secret: string): Promise<boolean> {
    return this.tokens.existsBy({ tokenHash: hashTokenSecret(secret) });
  }

  /** The user an active token belongs to, or null for unknown and revoked tokens. */
  async findByToken(secret: string): Promise<User | null> {
    const token = await this.tokens.findOne({
      where: { tokenHash: hashTokenSecret(secret), revokedUtc: IsNull() },
      relations: { user: true },
    });
    return token?.user ?? null;
  }

  private async storeToken(userId: number, secret: string): Promise<void> {
    await this.tokens.insert({ userId, tokenHash: hashTokenSecret(secret), createdUtc: nowUtc(), revokedUtc: null });
  }
}
