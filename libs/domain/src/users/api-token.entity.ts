import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from './user.entity';

/** An API token; only the SHA-256 of the secret is stored, so a leaked table grants nothing. */
@Entity('api_tokens')
export class ApiToken {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Index('IDX_api_tokens_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_api_tokens_user' })
  user?: User;

  @Index('UQ_api_tokens_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'created_utc', type: 'datetime' })
  createdUtc: Date;

  @Column({ name: 'revoked_utc', type: 'datetime', nullable: true })
  revokedUtc: Date | null;

  /** When a request last used the token; updated at most once a minute. */
  @Column({ name: 'last_used_utc', type: 'datetime', nullable: true })
  lastUsedUtc: Date | null;
}
