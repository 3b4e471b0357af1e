import { FlagValues } from '../cli-command';
import { CliError } from '../cli-error';
import { positiveIntegerFlag } from '../flags';
import { usersCommand } from './user-command';

/** `--token -`: the secret comes from standard input, so it shows in no process list or shell history. */
const FROM_STDIN = '-';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Which token to revoke: by ID, or by its secret (given, or read from standard input). */
async function target(flags: FlagValues): Promise<{ id: number } | { secret: string }> {
  const token = flags.token?.trim();
  if (flags.id !== undefined && token !== undefined) throw new CliError('Give either --token or --id, not both.');
  if (flags.id !== undefined) return { id: positiveIntegerFlag(flags, 'id') };
  if (token === undefined || token === '')
    throw new CliError('Missing --token <token>, --token - (read from standard input) or --id <id>.');
  if (token !== FROM_STDIN) return { secret: token };
  const secret = (await readStdin()).trim();
  if (secret === '' || /\s/.test(secret)) throw new CliError('--token -: standard input must hold one token.');
  return { secret };
}

export const tokenRevokeCommand = usersCommand('token:revoke', {
  synopsis: '--token <token> | --token - | --id <id>',
  summary: 'Revoke a token at once, given its secret (- reads it from standard input) or its ID (token:list); prints {"revoked":true}.',
  flags: { token: { type: 'string' }, id: { type: 'string' } },
  parse: target,
  async run(users, which) {
    if ('id' in which) {
      if (!(await users.revokeTokenById(which.id)))
        throw new CliError(`No active token has --id ${which.id} (it is unknown or already revoked).`);
    } else if (!(await users.revokeToken(which.secret))) {
      throw new CliError('No active token matches --token (it is unknown or already revoked).');
    }
    return { revoked: true };
  },
});
