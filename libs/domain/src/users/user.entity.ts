import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Role } from './role';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Index('UQ_users_name', { unique: true })
  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  role: Role;

  @Column({ name: 'created_utc', type: 'datetime' })
  createdUtc: Date;

  /** Set when the user was disabled: every token of theirs is refused. */
  @Column({ name: 'disabled_utc', type: 'datetime', nullable: true })
  disabledUtc: Date | null;
}
