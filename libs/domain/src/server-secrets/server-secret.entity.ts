import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A key every instance on the database shares (ServerSecretsRepository), base64url text. */
@Entity('server_secrets')
export class ServerSecret {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 128 })
  value: string;
}
