import { isUniqueViolation, TransactionRunner } from '@app/database';
import { expectApiError } from './support/posts-assertions';
import { EVENTS, eventBody, VENUES } from './support/events-fixtures';
import { bearer, createTestApp } from './support/test-app';

const SECRET = 'pw-Sesame-4711';
const QUERY_SECRET = 'qs-Secret-0815';

/** Everything the process writes to stdout and stderr while `work` runs. */
async function captureOutput(work: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return chunks.join('');
}

/**
 * Logs never carry secrets (README, Security): statements are logged without their
 * parameters even at LOG_LEVEL=verbose, a failed write's log line has no password, error lines
 * name the path without its query string, and a unique clash the transaction runner retries is
 * not logged as an error. (Request logs are startup.e2e-spec.ts's.)
 */
describe('security: logs without secrets', () => {
  it('LOG_LEVEL=verbose logs every statement, but no parameter: no password, no token', async () => {
    const t = await createTestApp({ LOG_LEVEL: 'verbose' });
    try {
      const token = await t.tokenFor('author');
      const output = await captureOutput(async () => {
        await t.http
          .post(EVENTS)
          .set(bearer(token))
          .send(eventBody({ title: 'Logged', password: SECRET }))
          .expect(201);
        await t.http.post(VENUES).set(bearer(token)).send({ venue: 'Logged venue', password: SECRET }).expect(201);
        await t.http.get(EVENTS).query({ password: QUERY_SECRET }).set(bearer(token)).expect(200);
      });
      // MariaDB inserts a new event skipping lock waits: `SET STATEMENT ... FOR INSERT INTO events`.
      expect(output).toMatch(/query: (SET STATEMENT [^:]* FOR )?INSERT INTO\W+events/);
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(QUERY_SECRET);
      expect(output).not.toContain(token);
      expect(output).not.toMatch(/PARAMETERS/);
    } finally {
      await t.close();
    }
  });

  it('a failed write is logged as an error with its statement and request, without the password or the query string', async () => {
    const t = await createTestApp({ LOG_LEVEL: 'error' });
    try {
      await t.dataSource.query('ALTER TABLE events RENAME COLUMN excerpt TO excerpt_gone');
      let requestId = '';
      const output = await captureOutput(async () => {
        const res = await t.http
          .post(`${EVENTS}?password=${QUERY_SECRET}`)
          .set(bearer(await t.tokenFor('editor')))
          .send(eventBody({ title: 'Doomed', password: SECRET }));
        expectApiError(res, 500, 'rest_internal_error');
        requestId = res.headers['x-request-id'];
      });
      expect(output).toMatch(/query failed \(.+\): (SET STATEMENT [^:]* FOR )?INSERT INTO\W+events/);
      expect(output).toContain('POST /calendar/events/v1/events?password=[REDACTED] failed unexpectedly');
      expect(output).toContain(`(request ${requestId})`);
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(QUERY_SECRET);
      expect(output).not.toMatch(/PARAMETERS/);
    } finally {
      await t.close();
    }
  });

  it('a unique clash the transaction runner retries is not logged as an error', async () => {
    const t = await createTestApp({ LOG_LEVEL: 'error' });
    try {
      const runner = t.app.get(TransactionRunner);
      let attempts = 0;
      let clash: unknown;
      const output = await captureOutput(async () => {
        await runner.run(async (manager) => {
          attempts += 1;
          if (attempts > 1) return;
          // The first attempt loses a race: a term slug another writer took first.
          await manager.query(
            "INSERT INTO terms (taxonomy, name, slug, description, parent_id) VALUES ('post_tag', 'A', 'same-slug', '', 0)",
          );
          try {
            await manager.query(
              "INSERT INTO terms (taxonomy, name, slug, description, parent_id) VALUES ('post_tag', 'B', 'same-slug', ?, 0)",
              [SECRET],
            );
          } catch (error) {
            clash = error;
            throw error;
          }
        });
      });
      expect(isUniqueViolation(clash)).toBe(true);
      expect(attempts).toBe(2);
      expect(output).not.toMatch(/query failed/);
      expect(output).not.toContain(SECRET);
    } finally {
      await t.close();
    }
  });
});
