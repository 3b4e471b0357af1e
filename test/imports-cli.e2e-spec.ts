import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calendar, vevent } from './support/imports';
import { ensureBuilt, jsonLine, runCli } from './support/run-cli';
import { createTestDatabase, TestDatabase } from './support/test-database';

const BERLIN = ';TZID=Europe/Berlin:';

/** `npm run cli -- import`: one JSON line with the source and its run's report (README, Importing calendars). */
describe('command-line app: import', () => {
  let database: TestDatabase;
  let folder: string;
  const file = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(() => ensureBuilt(), 300_000);
  beforeAll(async () => {
    database = await createTestDatabase();
    folder = mkdtempSync(join(tmpdir(), 'calendar-import-'));
    expect(runCli(database, ['user:create', '--name', 'boss', '--role', 'administrator']).status).toBe(0);
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await database?.drop();
  });

  it('imports a file, then runs the same source again without a write', () => {
    const feed = file(
      'feed.ics',
      calendar([
        vevent('one@cli', 'First', `${BERLIN}20270601T190000`, `${BERLIN}20270601T200000`),
        vevent('two@cli', 'Second', `${BERLIN}20270602T190000`, `${BERLIN}20270602T200000`, 'RRULE:FREQ=DAILY;COUNT=3'),
      ]),
    );
    const first = jsonLine(runCli(database, ['import', '--file', feed, '--status', 'draft', '--categories', 'From the CLI']));
    expect(first).toMatchObject({ created: 2, updated: 0, unchanged: 0, removed: 0, skipped: [], overridden: [], kept: [] });
    const again = jsonLine(runCli(database, ['import', '--file', feed, '--source', String(first.source)]));
    expect(again).toMatchObject({ source: first.source, created: 0, updated: 0, unchanged: 2 });
  });

  it('fails with a message naming the line of a malformed file, and without a flag', () => {
    const broken = runCli(database, ['import', '--file', file('broken.ics', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n')]);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(/--file: Line 2/);
    const bare = runCli(database, ['import']);
    expect(bare.status).toBe(1);
    expect(bare.stderr).toMatch(/--file <path> or --url <url>/);
  });
});
