import { EventsRepository } from '@app/domain';
import { Connection } from 'mysql2/promise';
import { countRows, createEvent, postEvent } from './support/events-fixtures';
import { createTestApp, TestApp } from './support/test-app';
import { connectTo, createTestDatabase, TestDatabase } from './support/test-database';

/*
 * MariaDB: creates of one title take no turn (README, Concurrent writers, retries and shutdown).
 * A slug another writer holds, not yet committed, is passed over at once for the next one; a
 * slug committed after the create read the taken ones is passed over too, without running the
 * whole write again.
 */
describe('event slugs chosen without a turn (MariaDB)', () => {
  let database: TestDatabase;
  let t: TestApp;
  let other: Connection;
  let events: EventsRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({}, { database });
    other = await connectTo(database);
    events = t.app.get(EventsRepository);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await other.query('ROLLBACK');
  });
  afterAll(async () => {
    await other.end();
    await t.close();
    await database.drop();
  });

  it('passes over a slug a writer not yet committed holds, without waiting for that writer', async () => {
    const renamed = await createEvent(t, { title: 'Renamed Elsewhere' });
    // Another transaction gives an event the slug the create will ask for, and stays open.
    await other.query('START TRANSACTION');
    await other.query('UPDATE events SET slug = ? WHERE id = ?', ['held-by-another', renamed.id]);

    const created = await postEvent(t, { title: 'Held By Another' });
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe('held-by-another-2');

    // The other writer rolls back: its slug is free again, and the next create of the title takes it.
    await other.query('ROLLBACK');
    expect((await createEvent(t, { title: 'Held By Another' })).slug).toBe('held-by-another');
  });

  it('passes over a slug committed after the create read the taken ones, running the write once', async () => {
    await createEvent(t, { title: 'Taken Meanwhile' });
    // The create reads the taken slugs before the first one committed: it tries `taken-meanwhile` first.
    jest.spyOn(events, 'slugsWithPrefix').mockResolvedValueOnce([]);
    const save = jest.spyOn(events, 'save');
    const eventsBefore = await countRows(t, 'events');

    const created = await postEvent(t, { title: 'Taken Meanwhile' });
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe('taken-meanwhile-2');
    // One refused insert and one that succeeded, in one run of the write: the slug lookup ran once.
    expect(save).toHaveBeenCalledTimes(2);
    expect(events.slugsWithPrefix).toHaveBeenCalledTimes(1);
    expect(await countRows(t, 'events')).toBe(eventsBefore + 1);
  });

  it('waits as before when the held slugs outnumber what a create passes over', async () => {
    const holders = await Promise.all(Array.from({ length: 17 }, (_, i) => createEvent(t, { title: `Crowd Holder ${i}` })));
    await other.query('START TRANSACTION');
    for (const [i, holder] of holders.entries())
      await other.query('UPDATE events SET slug = ? WHERE id = ?', [i === 0 ? 'crowded' : `crowded-${i + 1}`, holder.id]);

    const waiting = postEvent(t, { title: 'Crowded' }).then((res) => res);
    // The create gives up passing slugs and waits for the 17th; once the holder commits, that slug is taken and the write runs again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query('COMMIT');
    const created = await waiting;
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe('crowded-18');
  });
});
