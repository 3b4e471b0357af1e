import { TransactionRunner } from '@app/database';
import { PublishedCountsRepository, Venue } from '@app/domain';
import { createEvent } from './support/events-fixtures';
import { calendar, upload, vevent } from './support/imports';
import { createPost, idPath, listen, PostJson, sendUpdate } from './support/posts-fixtures';
import { ORGANIZER_CASE, PostKindCase, VENUE_CASE } from './support/posts-kinds';
import { ensureBuilt, jsonLine, runCli } from './support/run-cli';
import { fakeDateOnly } from './support/series-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

const KINDS = [VENUE_CASE, ORGANIZER_CASE];
const HOUR_MS = 3_600_000;

type Totals = Record<'venues' | 'organizers', number>;

/** `YYYY-MM-DD HH:MM:SS` in UTC (the test site's zone), `ms` from now. */
const wallIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The total of an unfiltered venue or organizer list is read from kept counts (published records
 * per kind, kept by every write, plus the scheduled ones already due) instead of counting rows.
 * Through every kind of write it must equal a count of the rows a stranger may read, and the
 * number of records the list's pages actually hold; filtered and signed-in lists count their rows.
 */
describe('venue and organizer totals', () => {
  let database: TestDatabase;
  let t: TestApp;
  let author: string;

  beforeAll(() => ensureBuilt(), 300_000);
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({}, { database });
    author = await t.tokenFor('author');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** A list's total, checked to be the same in the body and in X-TEC-Total. */
  async function total(kind: PostKindCase, query: Record<string, unknown> = {}, token?: string): Promise<number> {
    const res = await t.http
      .get(`/calendar/events/v1/${kind.collection}`)
      .query({ per_page: 1, ...query })
      .set(token ? bearer(token) : {})
      .expect(200);
    expect(res.body.total).toBe(Number(res.headers['x-tec-total']));
    return res.body.total as number;
  }

  /** How many records the list's pages hold, read page by page. */
  async function listed(kind: PostKindCase, query: Record<string, unknown> = {}, token?: string): Promise<number> {
    let count = 0;
    for (let page = 1; ; page++) {
      const res = await t.http
        .get(`/calendar/events/v1/${kind.collection}`)
        .query({ per_page: 50, page, ...query })
        .set(token ? bearer(token) : {});
      if (res.status === 404 && page > 1) return count;
      expect(res.status).toBe(200);
      count += (res.body[kind.collection] as unknown[]).length;
      if (page >= (res.body.total_pages as number)) return count;
    }
  }

  /** Rows a stranger may read, counted in SQL at the current (possibly faked) instant. */
  async function readableRows(kind: PostKindCase): Promise<number> {
    return t.dataSource
      .createQueryBuilder()
      .from(kind.entity, 'p')
      .where(`(p.status = 'publish' OR (p.status = 'future' AND p.published_utc <= :now))`, { now: new Date() })
      .getCount();
  }

  /** Both kinds' anonymous totals, each equal to its readable rows and to what its pages list. */
  async function expectExact(): Promise<Totals> {
    const totals = {} as Totals;
    for (const kind of KINDS) {
      const anonymous = await total(kind);
      expect({ kind: kind.collection, total: anonymous }).toEqual({ kind: kind.collection, total: await readableRows(kind) });
      expect(await listed(kind)).toBe(anonymous);
      totals[kind.collection] = anonymous;
    }
    return totals;
  }

  const named = (kind: PostKindCase, name: string, fields: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...fields });
  const update = (kind: PostKindCase, id: number, body: Record<string, unknown>, token = ADMIN_TOKEN) =>
    sendUpdate(t, 'patch', idPath(kind, id), body, token).expect(200);
  const remove = (kind: PostKindCase, id: number, force = false) =>
    t.http
      .delete(idPath(kind, id))
      .query(force ? { force: true } : {})
      .set(bearer(ADMIN_TOKEN))
      .expect(200);

  it('counts creates by the status they store: publish (protected too) and due future, not draft, pending, private, future', async () => {
    expect(await expectExact()).toEqual({ venues: 0, organizers: 0 });
    for (const kind of KINDS) {
      await createPost(t, kind, named(kind, 'Published', { status: 'publish' }));
      await createPost(t, kind, named(kind, 'Protected', { status: 'publish', password: 'secret' }));
      await createPost(t, kind, named(kind, 'Drafted', { status: 'draft' }));
      await createPost(t, kind, named(kind, 'Pending', { status: 'pending' }));
      await createPost(t, kind, named(kind, 'Private', { status: 'private' }));
      expect((await createPost(t, kind, named(kind, 'Scheduled', { status: 'publish', date: wallIn(24 * HOUR_MS) }))).status).toBe(
        'future',
      );
      expect((await createPost(t, kind, named(kind, 'Backdated', { status: 'future', date: wallIn(-HOUR_MS) }))).status).toBe('publish');
      // A contributor's publish is stored as pending.
      const contributor = await t.tokenFor('contributor');
      expect((await createPost(t, kind, named(kind, 'Contributed', { status: 'publish' }), contributor)).status).toBe('pending');
    }
    expect(await expectExact()).toEqual({ venues: 3, organizers: 3 });
  });

  it('follows status changes, dates moved across now, trash, restore and delete for good', async () => {
    for (const kind of KINDS) {
      const before = (await expectExact())[kind.collection];
      const a = await createPost(t, kind, named(kind, 'Status A', { status: 'draft' }));
      const b = await createPost(t, kind, named(kind, 'Status B', { status: 'publish' }));
      const c = await createPost(t, kind, named(kind, 'Status C', { status: 'publish' }));
      expect(await total(kind)).toBe(before + 2);

      await update(kind, a.id, { status: 'publish' });
      await update(kind, b.id, { status: 'private' });
      await update(kind, c.id, { description: 'Only the text changes.' });
      expect(await total(kind)).toBe(before + 2);
      await update(kind, b.id, { status: 'pending' });
      await update(kind, b.id, { status: 'publish' });
      expect(await total(kind)).toBe(before + 3);

      // Moving the publication date ahead schedules the record; back into the past publishes it.
      expect((await update(kind, c.id, { date: wallIn(48 * HOUR_MS) })).body.status).toBe('future');
      expect(await total(kind)).toBe(before + 2);
      expect((await update(kind, c.id, { date: wallIn(-2 * HOUR_MS) })).body.status).toBe('publish');
      expect(await total(kind)).toBe(before + 3);

      await remove(kind, a.id);
      expect(await total(kind)).toBe(before + 2);
      // An update without a status leaves a trashed record in the trash; one naming a status restores it.
      await update(kind, a.id, { description: 'Still in the trash.' });
      expect(await total(kind)).toBe(before + 2);
      expect((await update(kind, a.id, { status: 'publish' })).body.status).toBe('publish');
      expect(await total(kind)).toBe(before + 3);

      await remove(kind, b.id, true);
      await remove(kind, c.id);
      await remove(kind, c.id, true);
      expect(await total(kind)).toBe(before + 1);
      await expectExact();
    }
  });

  it('counts a scheduled record from its date on, without a write (fake clock)', async () => {
    const scheduled: Array<{ kind: PostKindCase; record: PostJson }> = [];
    for (const kind of KINDS)
      scheduled.push({ kind, record: await createPost(t, kind, named(kind, 'Due Soon', { status: 'future', date: wallIn(2 * HOUR_MS) })) });
    const before = await expectExact();
    fakeDateOnly(new Date(Date.now() + 3 * HOUR_MS));
    try {
      const after = await expectExact();
      expect(after).toEqual({ venues: before.venues + 1, organizers: before.organizers + 1 });
      for (const { kind, record } of scheduled) expect((await t.http.get(idPath(kind, record.id)).expect(200)).body.status).toBe('publish');
    } finally {
      jest.useRealTimers();
    }
    // Published by a write, it moves from the due range into the kept count: counted once, not twice.
    for (const { kind, record } of scheduled) await update(kind, record.id, { status: 'publish', date: wallIn(-HOUR_MS) });
    expect(await expectExact()).toEqual({ venues: before.venues + 1, organizers: before.organizers + 1 });
  });

  it('counts venues and organizers an event body creates inline, and those an import creates', async () => {
    const before = await expectExact();
    await createEvent(t, {
      title: 'Inline places',
      venue: { venue: 'Inline Hall', city: 'Berlin' },
      organizer: { organizer: 'Inline Club' },
    });
    // The same inline objects again find the records made first: nothing new to count.
    await createEvent(t, {
      title: 'Inline again',
      venue: { venue: 'Inline Hall', city: 'Berlin' },
      organizer: { organizer: 'Inline Club' },
    });
    expect(await expectExact()).toEqual({ venues: before.venues + 1, organizers: before.organizers + 1 });

    const feed = calendar([
      vevent(
        'totals-1@feed.example',
        'Imported concert',
        ';TZID=Europe/Berlin:20300305T200000',
        ';TZID=Europe/Berlin:20300305T230000',
        'LOCATION:Imported Hall',
        'ORGANIZER;CN=Imported Society:mailto:society@feed.example',
      ),
      vevent('totals-2@feed.example', 'Imported fair', ';VALUE=DATE:20300410', ';VALUE=DATE:20300412', 'LOCATION:Imported Fairground'),
      vevent('totals-3@feed.example', 'Back at the hall', ';VALUE=DATE:20300501', ';VALUE=DATE:20300502', 'LOCATION:Inline Hall'),
      // Refused by the event rules (an hourly series): rolled back alone, its own venue and organizer with it.
      vevent(
        'totals-refused@feed.example',
        'Hourly',
        ':20300601T100000Z',
        ':20300601T110000Z',
        'RRULE:FREQ=HOURLY;COUNT=3',
        'LOCATION:Refused Hall',
        'ORGANIZER;CN=Refused Society:mailto:refused@feed.example',
      ),
    ]);
    expect((await upload(t, feed).expect(201)).body.last_report).toMatchObject({
      created: 3,
      skipped: [{ uid: 'totals-refused@feed.example', reason: 'event_rejected' }],
    });
    expect(await expectExact()).toEqual({ venues: before.venues + 3, organizers: before.organizers + 2 });
    // An import whose events are drafts creates its places as an event body would.
    await upload(
      t,
      calendar([vevent('totals-4@feed.example', 'Drafted', ';VALUE=DATE:20300601', ';VALUE=DATE:20300602', 'LOCATION:Draft Hall')]),
      {
        status: 'draft',
      },
    ).expect(201);
    await expectExact();
  });

  it('stays exact with concurrent writers of one kind and of both', async () => {
    await listen(t);
    const records: Array<{ kind: PostKindCase; id: number }> = [];
    for (const kind of KINDS)
      for (let i = 0; i < 6; i++)
        records.push({ kind, id: (await createPost(t, kind, named(kind, `Racing ${i}`, { status: 'publish' }))).id });
    const before = await expectExact();
    const writes: Array<Promise<unknown>> = [];
    records.forEach(({ kind, id }, i) => {
      if (i % 3 === 0) writes.push(update(kind, id, { status: 'draft' }));
      else if (i % 3 === 1) writes.push(remove(kind, id, i % 2 === 0));
      else writes.push(update(kind, id, { status: 'pending' }).then(() => update(kind, id, { status: 'publish' })));
    });
    for (let i = 0; i < 8; i++) {
      const kind = KINDS[i % 2];
      writes.push(createPost(t, kind, named(kind, `Racing new ${i}`, { status: i % 4 === 0 ? 'draft' : 'publish' })));
      writes.push(
        createEvent(t, {
          title: `Racing event ${i}`,
          venue: { venue: `Racing Hall ${i % 3}` },
          organizer: { organizer: `Racing Org ${i % 3}` },
        }),
      );
    }
    await Promise.all(writes);
    // Of each kind's six racing records four left the count (draft, trash, delete) and two came
    // back; new: two published venues and two drafts, four published organizers; three of each inline.
    expect(await expectExact()).toEqual({ venues: before.venues - 4 + 2 + 3, organizers: before.organizers - 4 + 4 + 3 });
  });

  it('adds the rows another process wrote (a seed through the CLI); recount finds nothing to correct and folds them', async () => {
    const before = await expectExact();
    const seeded = runCli(database, ['seed', '--events', '40', '--seed', '3'], { SITE_TIMEZONE: 'UTC' });
    expect(seeded.status).toBe(0);
    const summary = jsonLine(seeded);
    const after = await expectExact();
    expect(after).toEqual({ venues: before.venues + Number(summary.venues), organizers: before.organizers + Number(summary.organizers) });

    const recount = runCli(database, ['recount'], { SITE_TIMEZONE: 'UTC' });
    expect(recount.status).toBe(0);
    expect(jsonLine(recount)).toMatchObject({ corrected: 0, totals_corrected: 0 });
    expect(await expectExact()).toEqual(after);
    const rows = await t.dataSource.query<Array<{ kind: string; n: number | string }>>(
      'SELECT kind, COUNT(*) AS n FROM published_counts GROUP BY kind ORDER BY kind',
    );
    expect(rows.map((row) => [row.kind, Number(row.n)])).toEqual([
      ['organizers', 1],
      ['venues', 1],
    ]);
  });

  it('counts filtered and signed-in lists from their rows, as before', async () => {
    for (const kind of KINDS) {
      const queries: Array<[Record<string, unknown>, string | undefined]> = [
        [{ search: 'Racing' }, undefined],
        [{ search: 'hall' }, undefined],
        [{ has_events: true }, undefined],
        [{ has_events: false }, undefined],
        [{ only_with_upcoming: true }, undefined],
        [{}, ADMIN_TOKEN],
        [{ status: 'draft' }, ADMIN_TOKEN],
        [{ status: 'publish,future' }, ADMIN_TOKEN],
        [{ status: 'trash' }, ADMIN_TOKEN],
        [{}, author],
        [{ status: 'publish' }, author],
        [{ status: 'publish' }, ADMIN_TOKEN],
      ];
      for (const [query, token] of queries) {
        const counted = await total(kind, query, token);
        expect({ kind: kind.collection, query, counted }).toEqual({
          kind: kind.collection,
          query,
          counted: await listed(kind, query, token),
        });
      }
      // Only `publish` is what a stranger may read, whoever asks.
      expect(await total(kind, { status: 'publish' }, author)).toBe(await total(kind));
      expect(await total(kind, { status: 'publish' }, ADMIN_TOKEN)).toBe(await total(kind));
    }
  });

  it('reads the kept count for an unfiltered list: a row written past the service counts there after recount, in filtered lists at once', async () => {
    const before = await expectExact();
    const countedBefore = { signedIn: await total(VENUE_CASE, {}, ADMIN_TOKEN), unlinked: await total(VENUE_CASE, { has_events: false }) };
    // Straight into the table, as a script past the service would (through the service's write queue, for SQLite).
    await t.app.get(TransactionRunner).run((db) =>
      db.getRepository(Venue).insert({
        slug: 'written-past-the-service',
        status: 'publish',
        authorId: 1,
        title: 'Written Past The Service',
        description: '',
        excerpt: '',
        imageId: null,
        password: null,
        wasPublished: true,
        publishedUtc: new Date(Date.now() - HOUR_MS),
        modifiedUtc: new Date(),
        phone: '',
        website: '',
        address: '',
        city: '',
        country: '',
        province: '',
        state: '',
        zip: '',
        stateprovince: null,
        showMap: true,
        showMapLink: true,
        geoLat: null,
        geoLng: null,
      }),
    );
    expect(await total(VENUE_CASE)).toBe(before.venues);
    expect(await readableRows(VENUE_CASE)).toBe(before.venues + 1);
    // (Not by a search: on MySQL/MariaDB a search finds records through an index only the repositories write.)
    expect(await total(VENUE_CASE, {}, ADMIN_TOKEN)).toBe(countedBefore.signedIn + 1);
    expect(await total(VENUE_CASE, { has_events: false })).toBe(countedBefore.unlinked + 1);

    const recount = () => t.app.get(TransactionRunner).run((db) => t.app.get(PublishedCountsRepository).recount(db));
    expect(await recount()).toEqual({ kinds: 2, corrected: 1 });
    expect(await expectExact()).toEqual({ venues: before.venues + 1, organizers: before.organizers });
    expect(await recount()).toEqual({ kinds: 2, corrected: 0 });
  });
});
