import { TransactionRunner } from '@app/database';
import { ApiToken, Role, User, UserSummary, UsersRepository } from '@app/domain';
import { Injectable, Logger } from '@nestjs/common';
import { generateTokenSecret, hashTokenSecret } from './token-secret';

interface IssuedToken {
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

/** A given token secret is registered already (ADMIN_TOKEN, by an instance starting alongside). */
export class TokenTakenError extends Error {
  constructor() {
    super('This token is registered already.');
    this.name = 'TokenTakenError';
  }
}

/** How stale `last_used_utc` may get: it is written at most this often per token. */
const LAST_USED_RESOLUTION_MS = 60_000;

function nowUtc(): Date {
  const now = new Date();
  now.setUTCMilliseconds(0);
  return now;
}

/** Users and their tokens: secrets are generated here, shown once and stored only as hashes. */
@Injectable()
export class UsersService {
  private readonly logger = new Logger('Users');
  /** When this process last wrote a token's `last_used_utc`. */
  private readonly touched = new Map<number, number>();

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
   * stored. A taken name is a UserNameTakenError, a secret registered already a TokenTakenError
   * (also when another writer took either meanwhile: the unique clash re-runs the transaction,
   * which then finds it).
   */
  createWithToken(name: string, role: Role, secret = generateTokenSecret()): Promise<IssuedToken> {
    const hash = hashTokenSecret(secret);
    return this.transactions.run(async (db) => {
      if (await this.users.findByName(name, db)) throw new UserNameTakenError(name);
      if (await this.users.hasToken(hash, db)) throw new TokenTakenError();
      const user = await this.users.insertUser({ name, role, createdUtc: nowUtc() }, db);
      await this.users.insertToken(user.id, hash, nowUtc(), db);
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

  /** Revokes by the ID `token:list` shows, so the secret need not be at hand; false when no active token has it. */
  revokeTokenById(tokenId: number): Promise<boolean> {
    return this.transactions.run((db) => this.users.revokeTokenById(tokenId, nowUtc(), db));
  }

  hasToken(secret: string): Promise<boolean> {
    return this.users.hasToken(hashTokenSecret(secret));
  }

  /**
   * The user an active token belongs to, or null for unknown and revoked tokens and for disabled
   * users. Each accepted token's `last_used_utc` is brought up to date, at most once a minute and
   * without holding up the request (a lost update only makes "last used" a little older).
   */
  async findByToken(secret: string): Promise<User | null> {
    const presented = await this.users.findActiveToken(hashTokenSecret(secret));
    if (!presented || presented.user.disabledUtc !== null) return null;
    this.noteUse(presented.tokenId, presented.lastUsedUtc);
    return presented.user;
  }

  listUsers(): Promise<UserSummary[]> {
    return this.users.listUsers();
  }

  listTokens(userId: number): Promise<ApiToken[]> {
    return this.users.listTokens(userId);
  }

  setRole(userId: number, role: Role): Promise<void> {
    return this.transactions.run((db) => this.users.setRole(userId, role, db));
  }

  setDisabled(userId: number, disabled: boolean): Promise<void> {
    return this.transactions.run((db) => this.users.setDisabled(userId, disabled ? nowUtc() : null, db));
  }

  /** Whether another administrator who is not disabled exists: the last one may not be demoted or disabled. */
  async hasOtherAdministrator(userId: number): Promise<boolean> {
    return (await this.users.countOtherEnabledAdministrators(userId)) > 0;
  }

  private noteUse(tokenId: number, lastUsedUtc: Date | null): void {
    const now = Date.now();
    const due = now - LAST_USED_RESOLUTION_MS;
    if (lastUsedUtc !== null && lastUsedUtc.getTime() >= due) return;
    // Requests arriving together would all see the old value: one write per token and minute in this process.
    if ((this.touched.get(tokenId) ?? 0) >= due) return;
    this.touched.set(tokenId, now);
    if (this.touched.size > 10_000) this.touched.clear();
    this.transactions
      .run((db) => this.users.touchToken(tokenId, nowUtc(), new Date(due), db), { contentUnchanged: true })
      .catch((error: unknown) => {
        this.logger.debug(`could not record the use of token ${tokenId}: ${String(error)}`);
      });
  }
}
