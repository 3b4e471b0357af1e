import { TransactionRunner } from '@app/database';
import { Role, User, UsersRepository } from '@app/domain';
import { Injectable } from '@nestjs/common';
import { generateTokenSecret, hashTokenSecret } from './token-secret';

export interface IssuedToken {
  user: User;
  token: string;
}

/** The name is taken (found inside the creating transaction, so a concurrent creator is seen too). */
export class UserNameTakenError extends Error {
  constructor(readonly userName: string) {
    super(`A user named "${userName}" already exists.`);
    this.name = 'UserNameTakenError';
  }
}

function nowUtc(): Date {
  const now = new Date();
  now.setUTCMilliseconds(0);
  return now;
}

/** Users and their tokens: secrets are generated here, shown once and stored only as hashes. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.users.findById(id);
  }

  findByName(name: string): Promise<User | null> {
    return this.users.findByName(name);
  }

  findFirstWithRole(role: Role): Promise<User | null> {
    return this.users.findFirstWithRole(role);
  }

  /**
   * Creates a user and its first token in one transaction; the secret is returned once and never
   * stored. A taken name is a UserNameTakenError (also when another writer took it meanwhile: the
   * unique clash re-runs the transaction, which then finds the user).
   */
  createWithToken(name: string, role: Role, secret = generateTokenSecret()): Promise<IssuedToken> {
    return this.transactions.run(async (db) => {
      if (await this.users.findByName(name, db)) throw new UserNameTakenError(name);
      const user = await this.users.insertUser({ name, role, createdUtc: nowUtc() }, db);
      await this.users.insertToken(user.id, hashTokenSecret(secret), nowUtc(), db);
      return { user, token: secret };
    });
  }

  /** Registers a token; a secret already registered (e.g. ADMIN_TOKEN by an instance starting alongside) is left as it is. */
  async issueToken(userId: number, secret = generateTokenSecret()): Promise<string> {
    const hash = hashTokenSecret(secret);
    await this.transactions.run(async (db) => {
      if (!(await this.users.hasToken(hash, db))) await this.users.insertToken(userId, hash, nowUtc(), db);
    });
    return secret;
  }

  /** Returns false when no active token has that secret. */
  revokeToken(secret: string): Promise<boolean> {
    return this.transactions.run((db) => this.users.revokeToken(hashTokenSecret(secret), nowUtc(), db));
  }

  hasToken(secret: string): Promise<boolean> {
    return this.users.hasToken(hashTokenSecret(secret));
  }

  /** The user an active token belongs to, or null for unknown and revoked tokens. */
  findByToken(secret: string): Promise<User | null> {
    return this.users.findByActiveToken(hashTokenSecret(secret));
  }
}
