import { TermCountsRepository } from '@app/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_TOKEN, bearer, NS, TestApp, createTestApp } from './support/test-app';
import { Body, createEvent, createTerm, EVENTS, getEvent, updateEvent } from './support/events-fixtures';

/** `YYYY-MM-DD HH:MM:SS` in UTC (the test site's zone) for an instant `ms` from now. */
function wallIn(ms: number): string {
  return new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A term's `count` is stored (rows of `term_counts`, one per writing process) and changed in the transactions that change an
 * event's terms, status or trash state, and when a scheduled event becomes due. After a mixed
 * sequence of writes, every stored count equals a recount from the link rows.
 */
describe('term counts: stored, exact after every kind of write', () => {
  let t: TestApp;
  const cats: number[] = [];
  const tags: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 3; i++) {
      cats.push((await createTerm(t, 'categories', { name: `Counted Cat ${i}` })).id);
      tags.push((await createTerm(t, 'tags', { name: `counted-tag-${i}` })).id);
    }
  });
  afterAll(async () => t.close());

  /** Counts as the API shows them, for every term this test made. */
  async function apiCounts(): Promise<Record<number, number>> {
    const result: Record<number, number> = {};
    for (const collection of ['categories', 'tags']) {
      const res = await t.http.get(`${NS}/${collection}`).query({ hide_empty: false, per_page: 50 }).expect(200);
      for (const term of res.body[collection] as Body[]) result[term.id as number] = term.count as number;
    }
    return result;
  }

  /** The published events of each term, counted from the links (what the counts must equal). */
  async function linkCounts(): Promise<Record<number, number>> {
    const rows = await t.dataSource
      .createQueryBuilder()
      .select('t.id', 'id')
      .addSelect(
        `(SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id
          WHERE et.term_id = t.id AND (e.status = 'publish' OR (e.status = 'future' AND e.published_utc <= :now)))`,
        'n',
      )
      .from('terms', 't')
      .setParameter('now', new Date())
      .getRawMany<{ id: number | string; n: number | string }>();
    return Object.fromEntries(rows.map((row) => [Number(row.id), Number(row.n)]));
  }

  async function expectExact(): Promise<Record<number, number>> {
    const counts = await apiCounts();
    expect(counts).toEqual(await linkCounts());
    return counts;
  }

  const remove = (id: number, force = false) =>
    t.http
      .delete(`${EVENTS}/${id}`)
      .query(force ? { force: true } : {})
      .set(bearer(ADMIN_TOKEN))
      .expect(200);

  it('keeps counts exact through creates, term and status changes, trash, restore and delete', async () => {
    const a = await createEvent(t, { title: 'A', categories: [cats[0], cats[1]], tags: [tags[0]] });
    const b = await createEvent(t, { title: 'B', categories: [cats[0]], tags: [tags[0], tags[1]], status: 'draft' });
    const c = await createEvent(t, { title: 'C', categories: [cats[2]], hide_from_listings: true, password: 'secret' });
    const d = await createEvent(t, { title: 'D', categories: [cats[1]], tags: ['counted-tag-new'] });
    let counts = await expectExact();
    expect(counts[cats[0]]).toBe(1);
    expect(counts[cats[1]]).toBe(2);
    expect(counts[cats[2]]).toBe(1);

    await updateEvent(t, a.id, { categories: [cats[1], cats[2]] });
    await updateEvent(t, b.id, { status: 'publish' });
    await updateEvent(t, d.id, { status: 'pending', tags: [tags[2]] });
    await updateEvent(t, c.id, { title: 'C again' });
    counts = await expectExact();
    expect(counts[cats[0]]).toBe(1);
    expect(counts[cats[2]]).toBe(2);

    await remove(a.id);
    await remove(c.id);
    counts = await expectExact();
    expect(counts[cats[2]]).toBe(0);
    await updateEvent(t, a.id, { status: 'publish' });
    await remove(b.id, true);
    await remove(d.id, true);
    counts = await expectExact();
    expect(counts[cats[0]]).toBe(0);
    expect(counts[cats[1]]).toBe(1);
    expect(counts[cats[2]]).toBe(1);

    // An embedded term carries the same stored count.
    const single = (await getEvent(t, a.id).expect(200)).body as Body;
    expect((single.categories as Body[]).map((term) => term.count)).toEqual([counts[cats[1]], counts[cats[2]]]);
  });

  it('counts a scheduled event from its due date on, without a scheduler', async () => {
    const scheduled = await createEvent(t, { title: 'Scheduled', status: 'future', date: wallIn(3000), tags: [tags[1], tags[2]] });
    expect(scheduled.status).toBe('future');
    const before = await expectExact();
    // Wait until the publication date has passed; the next read publishes it and counts it.
    await sleep(3500);
    const after = await expectExact();
    expect(after[tags[1]]).toBe(before[tags[1]] + 1);
    expect(after[tags[2]]).toBe(before[tags[2]] + 1);
    expect(((await getEvent(t, scheduled.id).expect(200)).body as Body).status).toBe('publish');
  });

  it('recount finds nothing to correct and keeps the counts', async () => {
    const counts = await apiCounts();
    const result = await t.app.get(TermCountsRepository).recount();
    expect(result.corrected).toBe(0);
    expect(await apiCounts()).toEqual(counts);
  });

  it('adds up the rows other processes wrote, and recount folds them back into one per term', async () => {
    const counts = await apiCounts();
    const slotOfAnotherProcess = 5000; // above every slot a process picks, so no row of this one is touched
    await t.dataSource.query('INSERT INTO term_counts (term_id, slot, count) VALUES (?, ?, ?)', [cats[0], slotOfAnotherProcess, 2]);
    expect((await apiCounts())[cats[0]]).toBe(counts[cats[0]] + 2);
    const result = await t.app.get(TermCountsRepository).recount();
    expect(result.corrected).toBe(1);
    expect(await apiCounts()).toEqual(counts);
    const rows = await t.dataSource.query('SELECT COUNT(*) AS n FROM term_counts WHERE term_id = ?', [cats[0]]);
    expect(Number(rows[0].n)).toBe(1);
  });
});
