import { StaleReadError } from '@app/database';
import { EntityManager } from 'typeorm';
import { ImportBatches } from '../apps/api/src/imports/import-batches';
import { EventRefused, RunContext, UidWrite } from '../apps/api/src/imports/import-group.writer';
import { RunLookups } from '../apps/api/src/imports/import-lookups';
import { emptyReport } from '../apps/api/src/imports/import-report';
import { calendar, importedEvents, rerun, upload, vevent } from './support/imports';
import { createTestApp, TestApp } from './support/test-app';

const dataVersion = async (t: TestApp) => Number((await t.dataSource.query('SELECT SUM(version) AS v FROM data_versions'))[0].v ?? 0);

/** A run's context as ImportBatches reads it: only the report and the lookups. */
function runContext(): RunContext {
  return { report: emptyReport(), lookups: new RunLookups() } as unknown as RunContext;
}

/** A UID write that adds a tag row named after the UID, then fails as `fail` says. */
function tagWrite(uid: string, fail?: (attempt: number) => Error | undefined): UidWrite & { attempts: number } {
  const write = {
    uid,
    line: 1,
    attempts: 0,
    async write(manager: EntityManager, report: ReturnType<typeof emptyReport>) {
      write.attempts++;
      await manager.query(
        `INSERT INTO terms (taxonomy, name, name_key, slug, description, parent_id) VALUES ('post_tag', ?, ?, ?, '', 0)`,
        [uid, uid, uid],
      );
      const error = fail?.(write.attempts);
      if (error) throw error;
      report.created++;
    },
  };
  return write;
}

const tagNames = async (t: TestApp, prefix: string) =>
  (await t.dataSource.query(`SELECT name FROM terms WHERE name LIKE ? ORDER BY name`, [`${prefix}%`])).map(
    (row: { name: string }) => row.name,
  );

/**
 * A run's writes go several UIDs to a transaction, each UID under its own savepoint (README,
 * Importing calendars): one refused UID is rolled back alone, a batch run again after a conflict
 * counts once, and a batch of refused UIDs only raises no data version.
 */
describe('imports: UIDs written in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('rolls back a refused UID alone, with what it wrote before it was refused, and commits the others together', async () => {
    const version = await dataVersion(t);
    const run = runContext();
    const refused = new EventRefused({ title: { key: 'validation.required' } });
    await t.app.get(ImportBatches).write(run, [tagWrite('one-a'), tagWrite('one-b', () => refused), tagWrite('one-c')]);
    expect(await tagNames(t, 'one-')).toEqual(['one-a', 'one-c']);
    expect(run.report).toMatchObject({ created: 2, skipped: [{ uid: 'one-b', reason: 'event_rejected', fields: refused.fields }] });
    expect(await dataVersion(t)).toBe(version + 1);
  });

  it('writes nothing and raises no data version when every UID of a batch is refused', async () => {
    const version = await dataVersion(t);
    const run = runContext();
    const refuse = () => new EventRefused({ title: { key: 'validation.required' } });
    await t.app.get(ImportBatches).write(run, [tagWrite('two-a', refuse), tagWrite('two-b', refuse)]);
    expect(await tagNames(t, 'two-')).toEqual([]);
    expect(run.report.skipped.map((entry) => entry.uid)).toEqual(['two-a', 'two-b']);
    expect(await dataVersion(t)).toBe(version);
  });

  it('runs a batch that lost a race again whole and counts it once', async () => {
    const run = runContext();
    run.lookups.remember('venue', 'Hall', 12345);
    const writes = [tagWrite('three-a'), tagWrite('three-b', (attempt) => (attempt === 1 ? new StaleReadError('lost a race') : undefined))];
    await t.app.get(ImportBatches).write(run, writes);
    expect(writes.map((write) => write.attempts)).toEqual([2, 2]);
    expect(await tagNames(t, 'three-')).toEqual(['three-a', 'three-b']);
    expect(run.report.created).toBe(2);
    // What the lost attempt found may be gone: names are looked up again.
    expect(run.lookups.get('venue', 'Hall')).toBeUndefined();
  });

  it('imports a calendar in fewer transactions than UIDs, one venue, organizer and category for all, and re-runs with 0 writes', async () => {
    const shared = ['LOCATION:Stadthalle', 'ORGANIZER;CN=Kulturamt:mailto:kultur@example.org', 'CATEGORIES:Stadtfest'];
    const events = Array.from({ length: 24 }, (_, i) => {
      const day = String(i + 1).padStart(2, '0');
      return vevent(`fest-${i}@example.org`, `Fest ${i}`, `:202705${day}T180000Z`, `:202705${day}T200000Z`, ...shared);
    });
    // Refused by the event rules (hourly series), in the middle of the calendar, with a venue of its own.
    events.splice(
      12,
      0,
      vevent('hourly@example.org', 'Hourly', ':20270601T100000Z', ':20270601T110000Z', 'RRULE:FREQ=HOURLY;COUNT=3', 'LOCATION:Nur hier'),
    );
    const feed = calendar(events);
    const version = await dataVersion(t);
    const res = await upload(t, feed).expect(201);
    expect(res.body.last_report).toMatchObject({ created: 24, skipped: [{ uid: 'hourly@example.org', reason: 'event_rejected' }] });
    expect(await dataVersion(t)).toBeLessThan(version + 24);
    const written = await importedEvents(t);
    const fest = written.filter((event) => event.title.startsWith('Fest'));
    expect(fest).toHaveLength(24);
    const ids = (pick: (event: (typeof fest)[number]) => unknown) => new Set(fest.map((event) => JSON.stringify(pick(event))));
    expect(ids((event) => (event.venue as { id: number }).id).size).toBe(1);
    expect(ids((event) => (event.organizer as Array<{ id: number }>).map((organizer) => organizer.id)).size).toBe(1);
    expect(ids((event) => event.categories.map((term) => (term as unknown as { id: number }).id)).size).toBe(1);
    expect(fest[0].categories.map((term) => term.name)).toEqual(['Stadtfest']);
    const venues = await t.dataSource.query(`SELECT title FROM venues WHERE title IN ('Stadthalle', 'Nur hier')`);
    expect(venues).toEqual([{ title: 'Stadthalle' }]);

    const again = await dataVersion(t);
    const second = await rerun(t, res.body.id, feed).expect(200);
    expect(second.body.last_report).toMatchObject({ created: 0, updated: 0, unchanged: 24, skipped: [{ uid: 'hourly@example.org' }] });
    expect(await dataVersion(t)).toBe(again);
  });
});
