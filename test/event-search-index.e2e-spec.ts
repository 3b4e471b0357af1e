import { queriesDuring } from './support/events-sql-counter';
import { ADMIN_TOKEN, bearer, TestApp, createTestApp } from './support/test-app';
import {
  Body,
  createEvent,
  createOrganizer,
  createVenue,
  EVENTS,
  listEvents,
  ORGANIZERS,
  patchEvent,
  updateEvent,
  VENUES,
} from './support/events-fixtures';

/**
 * SQLite answers `search` from a trigram index kept in the same transactions as the
 * events; the results stay those of the substring search (docs/api-rules.md, Lists).
 */
describe('events: search through the index', () => {
  let t: TestApp;
  const window = { start_date: '2032-01-01', end_date: '2032-12-31' };
  const found = async (search: string) =>
    ((await listEvents(t, { ...window, search }).expect(200)).body.events as Body[])
      .map((event) => event.id as number)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('finds substrings inside words, in any case, after creates, updates and deletes', async () => {
    const at = { start_date: '2032-03-01 10:00', end_date: '2032-03-01 12:00' };
    const a = await createEvent(t, { ...at, title: 'Zqjazzabend im Keller' });
    const b = await createEvent(t, { ...at, title: 'Quiet', excerpt: 'mit ZQJAZZ und mehr' });
    const c = await createEvent(t, { ...at, title: 'Other', description: '<p>kein zqja</p>' });
    expect(await found('zqjazz')).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await found('ZqJa')).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
    expect(await found('zq')).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));

    await updateEvent(t, a.id, { title: 'Zqblues am Abend' });
    expect(await found('zqjazz')).toEqual([b.id]);
    expect(await found('zqblues')).toEqual([a.id]);
    await t.http.delete(`${EVENTS}/${b.id}`).query({ force: true }).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(await found('zqjazz')).toEqual([]);
    expect(await found('zqja')).toEqual([c.id]);
  });

  it('folds the case of letters beyond ASCII and takes quotes, %, _ and spaces literally', async () => {
    const at = { start_date: '2032-04-01 10:00', end_date: '2032-04-01 12:00' };
    const umlaut = await createEvent(t, { ...at, title: 'Zqärger über Öfen' });
    const quoted = await createEvent(t, { ...at, title: 'Zqx "Das Fest" 100% a_b' });
    expect(await found('ZQÄRGER ÜBER')).toEqual([umlaut.id]);
    expect(await found('zqärger über öfen')).toEqual([umlaut.id]);
    expect(await found('"das fest"')).toEqual([quoted.id]);
    expect(await found('100% a_b')).toEqual([quoted.id]);
    expect(await found('100%_a')).toEqual([]);
    expect(await found('zqärger  über')).toEqual([]);
  });

  it('reads the trigram index on SQLite for a search of three characters or more, the passage index on MySQL', async () => {
    const sqlite = t.dataSource.options.type === 'better-sqlite3';
    const sql = await queriesDuring(t, () => listEvents(t, { ...window, search: 'zqblues' }).expect(200));
    expect(sql.some((statement) => statement.includes('events_search'))).toBe(sqlite);
    expect(sql.some((statement) => statement.includes('search_postings'))).toBe(!sqlite);
    const short = await queriesDuring(t, () => listEvents(t, { ...window, search: 'zq' }).expect(200));
    expect(short.some((statement) => statement.includes('search_postings'))).toBe(!sqlite);
  });

  /*
   * A series' occurrences are rows of their own: a search finds them by the series' texts, an
   * exception by its own, on both databases alike (MySQL/MariaDB keep grams for the series and the
   * exceptions that changed a text only). Each answer is compared with the rule computed from the
   * unsearched list of the same window, and the totals with the answers.
   */
  describe('series and their exceptions', () => {
    const span = { start_date: '2027-10-01', end_date: '2027-12-31' }; // within the horizon of occurrences
    type Listed = { id: number; title: string; description: string; excerpt: string };
    const searched = async (search: string) => {
      const res = await listEvents(t, { ...span, search, per_page: 50 }).expect(200);
      const ids = (res.body.events as Listed[]).map((event) => event.id).sort((a, b) => a - b);
      expect(Number(res.headers['x-tec-total'])).toBe(ids.length);
      return ids;
    };
    /** What the rule finds among the events the list shows (the window's occurrences). */
    const byRule = async (search: string) => {
      const shown = (await listEvents(t, { ...span, per_page: 50 }).expect(200)).body.events as Listed[];
      const contains = (text: string) => text.toLowerCase().includes(search.toLowerCase());
      return shown
        .filter((event) => contains(event.title) || contains(event.description) || contains(event.excerpt))
        .map((event) => event.id)
        .sort((a, b) => a - b);
    };
    const occurrences = async (seriesId: number) =>
      ((await listEvents(t, { ...span, recurring_event: seriesId, per_page: 50 }).expect(200)).body.events as Listed[]).map(
        (event) => event.id,
      );
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const expectSearch = async (search: string, ids: number[]) => {
      expect(await searched(search)).toEqual(sorted(ids));
      expect(await byRule(search)).toEqual(sorted(ids));
    };

    it('finds the occurrences by the series texts and an exception by its own, through series edits', async () => {
      const series = await createEvent(t, {
        title: 'Zqwmond Lesung',
        description: '<p>Zqwtext vorlesen</p>',
        start_date: '2027-10-04 18:00',
        end_date: '2027-10-04 19:00',
        timezone: 'Europe/Berlin',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' },
      });
      const [first, renamed, costly, last] = await occurrences(series.id as number);
      expect(last).toBeDefined();
      await updateEvent(t, renamed, { title: 'Zqwsonder Abend' });
      await updateEvent(t, costly, { cost: '5' });
      await expectSearch('zqwmond', [first, costly, last]);
      await expectSearch('zqwsonder', [renamed]);
      await expectSearch('zqwtext vor', [first, renamed, costly, last]);

      // The exception keeps the series' description as the series changes it, and its own title.
      await updateEvent(t, series.id as number, { title: 'Zqwrenamed', description: '<p>Zqwneu gelesen</p>' });
      await expectSearch('zqwneu', [first, renamed, costly, last]);
      await expectSearch('zqwtext', []);
      await expectSearch('zqwrenamed', [first, costly, last]);
      await expectSearch('zqwmond', []);
      await expectSearch('zqwsonder abend', [renamed]);

      // A rule that drops occurrences drops them from the search, exceptions included.
      await updateEvent(t, series.id as number, { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=1' } });
      await expectSearch('zqwneu', [first]);
      await expectSearch('zqwsonder', []);
    });

    it('a split series: each part is found by its own title, an exception moved with it by its own', async () => {
      const series = await createEvent(t, {
        title: 'Zqvalt Kurs',
        start_date: '2027-11-01 18:00',
        end_date: '2027-11-01 19:00',
        timezone: 'Europe/Berlin',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' },
      });
      const [a, b, c, d] = await occurrences(series.id as number);
      await updateEvent(t, d, { title: 'Zqvspezial' });
      // A split answers 201 with the new series.
      const later = (await patchEvent(t, c, { scope: 'following', title: 'Zqvneu Kurs' }).expect(201)).body as Body;
      expect(await occurrences(later.id as number)).toEqual([c, d]);
      await expectSearch('zqvalt', [a, b]);
      await expectSearch('zqvneu', [c]);
      await expectSearch('zqvspezial', [d]);
      await expectSearch('kurs', [a, b, c]);
    });

    it('leaves no postings behind for deleted series and exceptions (MySQL/MariaDB)', async () => {
      const series = await createEvent(t, {
        title: 'Zqugone',
        start_date: '2027-12-06 18:00',
        end_date: '2027-12-06 19:00',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' },
      });
      const ids = await occurrences(series.id as number);
      await updateEvent(t, ids[1], { title: 'Zquexception' });
      await expectSearch('zquexception', [ids[1]]);
      await t.http.delete(`${EVENTS}/${series.id}`).query({ force: true }).set(bearer(ADMIN_TOKEN)).expect(200);
      await expectSearch('zqu', []);
      if (t.dataSource.options.type === 'better-sqlite3') return;
      const left = (await t.dataSource.query(
        `SELECT COUNT(1) AS n FROM search_postings WHERE kind = 1 AND record_id IN (${[series.id as number, ...ids].join(',')})`,
      )) as Array<{ n: number | string }>;
      expect(Number(left[0].n)).toBe(0);
    });
  });

  /*
   * The same fixture and searches on both databases, each answer compared with the contract's rule
   * computed here: the whole text, lowered, inside the lowered title, description or excerpt (the
   * title only for a password-protected event); for venues and organizers every word inside one
   * field. So SQLite and MySQL/MariaDB answer alike, whatever each database indexes.
   */
  describe('the same answers as the rule on both databases', () => {
    const year = { start_date: '2033-01-01', end_date: '2033-12-31' };
    const events: Array<{ id: number; title: string; description: string; excerpt: string; password?: string }> = [];
    const places: Record<'venues' | 'organizers', Array<{ id: number; fields: string[] }>> = { venues: [], organizers: [] };
    const ids = (list: Array<{ id: number }>) => list.map((item) => item.id).sort((a, b) => a - b);
    const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

    beforeAll(async () => {
      const at = { start_date: '2033-05-01 10:00', end_date: '2033-05-01 12:00' };
      const fixture = [
        { title: 'Großer Ärger im Jazzkeller', description: '<p>Abendjazz mit Trio</p>', excerpt: '' },
        { title: 'Café Ñandú', description: 'Kuchen & Kaffee', excerpt: 'Ölbilder' },
        { title: 'STRASSE der Lieder', description: '', excerpt: 'Straße frei' },
        { title: '100% a_b "Zitat"', description: "it's O'Brien", excerpt: '' },
        { title: 'Xy', description: '', excerpt: '' },
        { title: 'Geheim', description: 'Jazzgeheimnis im Keller', excerpt: 'ärgerlich', password: 'sesame' },
        { title: 'ÄRGERLICH', description: 'Ölwechsel', excerpt: 'x' },
        // Passage breaks (tag brackets, slashes, line breaks): MySQL's index cuts texts there.
        { title: 'Kino/Theater', description: '<p>Erster Absatz</p>\n<p>Zweiter Absatz mit Jazz</p>', excerpt: 'Zeile eins\nZeile zwei' },
      ];
      for (const fields of fixture) {
        const created = await createEvent(t, { ...at, ...fields });
        events.push({ id: created.id, ...fields });
      }
      const venues = [
        { venue: 'Jazzkeller Süd', city: 'München', address: 'Hauptstraße 1' },
        { venue: 'Ölmühle', city: 'Köln', address: 'Am Jazzweg 2' },
      ];
      for (const fields of venues) places.venues.push({ id: (await createVenue(t, fields)).id, fields: Object.values(fields) });
      const organizers = [{ organizer: 'Ärger & Söhne', email: 'info@aerger.example' }, { organizer: 'Jazz e.V.' }];
      for (const fields of organizers) places.organizers.push({ id: (await createOrganizer(t, fields)).id, fields: Object.values(fields) });
    });

    const eventSearches = [
      ...['ärger', 'ÄRGER', 'Arger', 'jazz', 'ABENDjazz', 'zzkel', 'jazzgeheim', 'geheim', 'ölw', 'Öl'],
      ...['straße', 'STRASSE', 'ss', 'xy', 'y', 'ä', 'ü', '%', '_', 'a_b', '"zitat"', "o'b", "'", 'e', 'er'],
      ...['r im j', 'qqqq-none', 'zz'],
      // (Not `</p>` alone: the service wraps stored descriptions and excerpts in paragraphs.)
      ...['absatz</p>', 'kino/th', 'o/t', 'jazz</p>', '<p>zweiter', 'er absatz', 'theater', 'zeile'],
    ];
    it.each(eventSearches)('events: %s', async (search) => {
      const expected = events.filter(
        (event) =>
          contains(event.title, search) || (!event.password && (contains(event.description, search) || contains(event.excerpt, search))),
      );
      const res = await listEvents(t, { ...year, search, per_page: 50 }).expect(200);
      expect(ids(res.body.events as Array<{ id: number }>)).toEqual(ids(expected));
      expect(Number(res.headers['x-tec-total'])).toBe(expected.length);
    });

    const placeSearches = [
      'jazz süd',
      'jazz münchen',
      'MÜNCHEN',
      'straße',
      'ölm',
      'öl köln',
      'jazz',
      'ä',
      'ä söhne',
      'sö',
      'e.v',
      'none-qq',
    ];
    it.each(placeSearches)('venues and organizers: %s', async (search) => {
      const words = search.trim().split(/\s+/);
      for (const [kind, path] of [
        ['venues', VENUES],
        ['organizers', ORGANIZERS],
      ] as const) {
        const expected = places[kind].filter((place) => place.fields.some((field) => words.every((word) => contains(field, word))));
        const res = await t.http.get(path).query({ search, per_page: 50 });
        const found = res.status === 200 ? ids(res.body[kind] as Array<{ id: number }>) : [];
        expect({ kind, found }).toEqual({ kind, found: ids(expected) });
      }
    });
  });
});
