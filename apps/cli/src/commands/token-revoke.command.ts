import { UsersService } from '@app/auth';
import { CliCommand } from '../cli-command';
import { CliError } from '../cli-error';
import { requireFlag } from '../flags';
import { migratedDatabase } from '../pending-migrations';

export const tokenRevokeCommand: CliCommand = {
  name: 'token:revoke',
  synopsis: '--token <token>',
  summary: 'Revoke a token at once; prints {"revoked":true}.',
  flags: { token: { type: 'string' } },
  async run(flags, runtime) {
    const token = requireFlag(flags, 'token');
    const app = await migratedDatabase(runtime);
    if (!(await app.get(UsersService).revokeToken(token))) {
      throw new CliError('No active token matches --token (it is unknown or already revoked).');
    }
    return { revoked: true };
  },
};
