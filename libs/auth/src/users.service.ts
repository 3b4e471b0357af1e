import { Role, User, UsersRepository } from '@app/domain';
import { Injectable } from '@nestjs/common';
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

/** Users and their tokens: secrets are generated here, shown once and stored only as hashes. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findById(id: number): Promise<User | null> {
    return this.users.findById(id);
  }

  findByName(name: string): Promise<User | null> {
    return this.users.findByName(name);
  }

  findFirstWithRole(role: Role): Promise<User | null> {
    return this.users.findFirstWithRole(role);
  }

  /** Creates a user and its first token; the secret is returned once and never stored. */
  async createWithToken(name: string, role: Role, secret = generateTokenSecret()): Promise<IssuedToken> {
    const user = await this.users.insertUser({ name, role, createdUtc: nowUtc() });
    await this.users.insertToken(user.id, hashTokenSecret(secret), nowUtc());
    return { user, token: secret };
  }

  async issueToken(userId: number, secret = generateTokenSecret()): Promise<string> {
    await this.users.insertToken(userId, hashTokenSecret(secret), nowUtc());
    return secret;
  }

  /** Returns false when no active token has that secret. */
  revokeToken(secret: string): Promise<boolean> {
    return this.users.revokeToken(hashTokenSecret(secret), nowUtc());
  }

  hasToken(secret: string): Promise<boolean> {
    return this.users.hasToken(hashTokenSecret(secret));
  }

  /** The user an active token belongs to, or null for unknown and revoked tokens. */
  findByToken(secret: string): Promise<User | null> {
    return this.users.findByActiveToken(hashTokenSecret(secret));
  }
}
