/** Fields the readable form leaves out: the message already says them. */
export const PRETTY_HIDDEN_FIELDS = [
  'context',
  'request_id',
  'method',
  'path',
  'status',
  'duration_ms',
  'user_id',
  'admin_token',
  'admin_name',
];

/** Field of the log record that carries a newly created administrator's token (shown once). */
export const ADMIN_TOKEN_FIELD = 'admin_token';

/** Lines framed so that they stand out among the others. */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

/**
 * The message of a readable log line: Nest's context in front, and the one-time administrator token
 * in a frame of its own (in JSON it is the field `admin_token`).
 */
export function formatPrettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const token = log[ADMIN_TOKEN_FIELD];
  if (typeof token === 'string') {
    return `${message}\n${framed([`API token of administrator "${String(log.admin_name)}", shown only this once:`, token, 'Store it now; `npm run cli -- token:create --user <id>` issues others.'])}`;
  }
  return typeof log.context === 'string' && log.context !== '' ? `(${log.context}) ${message}` : message;
}
