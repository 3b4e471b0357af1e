import { ROLES } from '@app/auth';
import { COMMANDS } from './commands';

export function usage(): string {
  const forms = COMMANDS.map((command) => `${command.name} ${command.synopsis ?? ''}`.trim());
  const width = Math.max(...forms.map((form) => form.length));
  const lines = COMMANDS.map((command, i) => `  ${forms[i].padEnd(width)}  ${command.summary}`);
  return [
    'Usage: npm run cli -- <command> [flags]',
    '',
    'Commands:',
    ...lines,
    '',
    `Roles: ${ROLES.join(', ')}.`,
    'Output: one JSON line on stdout; messages go to stderr. Exit code 0 on success, 1 on an error.',
    'The database and the other settings come from the same environment variables as the service.',
    '',
  ].join('\n');
}
