import { DateTime } from 'luxon';
import { listedIds, queryOf } from './support/events-assertions';
import { boundaryEvents, BoundaryName, siteDay } from './support/events-day-boundaries';
import { createEvent, createTerm, listEvents } from './support/events-fixtures';
import { defaultWindow, WALL_FORMAT } from './support/events-zones';
import type { Response } from 'supertest';
import { createTestApp, TestApp } from './support/test-app';

describe.each([
  ['Asia/Tokyo', ['2031-06-10']],
  ['Europe/Berlin', ['2031-06-10', '2031-03-30', '2031-10-26']],
  ['America/New_York', ['2031-06-10', '2031-03-09', '2031-11-02']],
])('event filters: whole days and strict times with SITE_TIMEZONE=%s', (siteZone, days) => {
  let t: TestApp;
  /** day → boundary name → event ID */
  const ids = new Map<string, Map<BoundaryName, number>>();
  const slugOf = (day: string) => `day-${day}`;

  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: siteZone });
    for (const day of days) {
      await createTerm(t, 'categories', { name: `Day ${day}`, slug: slugOf(day) });
      const byName = new Map<BoundaryName, number>();
      for (const event of boundaryEvents(day, siteZone)) {
        const created = await createEvent(t, {
          title: `${event.name} ${day}`,
          start_date: event.start,
          end_date: event.end,
          timezone: event.zone,
          categories: [slugOf(day)],
        });
        byName.set(event.name, created.id);
      }
      ids.set(day, byName);
    }
  });
  afterAll(async () => t.close());

  /** Names of the day's events the filter returns, in list order. */
  async function matching(day: string, filter: Record<string, string>): Promise<BoundaryName[]> {
    const res = await listEvents(t, { ...filter, categories: slugOf(day), per_page: 50 });
    const byId = new Map([...(ids.get(day) ?? [])].map(([name, id]) => [id, name]));
    return listedIds(res).map((id) => byId.get(id) as BoundaryName);
  }
  const sorted = (names: BoundaryName[]) => [...names].sort();

  describe.each(days)('around %s', (day) => {
    const next = DateTime.fromISO(day).plus({ days: 1 }).toFormat('yyyy-MM-dd');
    const previous = DateTime.fromISO(day).minus({ days: 1 }).toFormat('yyyy-MM-dd');

    it('places the test events on a day of the expected length', () => {
      const { hours } = siteDay(day, siteZone);
      const dst = day !== '2031-06-10';
      expect(hours).toBe(dst ? (day.slice(5, 7) === '03' ? 23 : 25) : 24);
    });

    it('includes whole days by default: start_date from 00:00:00, end_date until 23:59:59', async () => {
      expect(sorted(await matching(day, { start_date: day, end_date: day }))).toEqual(['first', 'inside', 'last']);
      expect(sorted(await matching(day, { start_date: `${day} 15:00:00`, end_date: `${day} 01:00` }))).toEqual(['first', 'inside', 'last']);
      expect(sorted(await matching(day, { start_date: day, end_date: next }))).toEqual(['first', 'inside', 'last', 'overnight']);
      expect(sorted(await matching(day, { start_date: previous, end_date: day }))).toEqual(['before', 'first', 'inside', 'last']);
    });

    it('uses the given times with strict_dates=true, bounds inclusive', async () => {
      const strict = { strict_dates: 'true' };
      expect(sorted(await matching(day, { ...strict, start_date: `${day} 00:00:00`, end_date: `${day} 23:59:59` }))).toEqual([
        'first',
        'inside',
        'last',
      ]);
      expect(await matching(day, { ...strict, start_date: `${day} 12:00:00`, end_date: `${day} 13:00:00` })).toEqual(['inside']);
      expect(await matching(day, { ...strict, start_date: `${day} 00:00:01`, end_date: `${day} 13:00:00` })).toEqual(['inside']);
    });

    it('compares relative filters strictly, widening them to 23:59:59 unless strict_dates', async () => {
      const strict = { strict_dates: 'true' };
      expect(sorted(await matching(day, { ...strict, starts_before: `${day} 00:00:00` }))).toEqual(['before', 'spanning']);
      expect(sorted(await matching(day, { ...strict, starts_after: `${day} 00:00:00` }))).toEqual(['inside', 'last', 'overnight']);
      expect(sorted(await matching(day, { ...strict, ends_before: `${day} 23:59:59` }))).toEqual(['before', 'first', 'inside']);
      expect(sorted(await matching(day, { ...strict, ends_after: `${day} 23:59:59` }))).toEqual(['overnight', 'spanning']);
      // Without strict_dates every relative date means 23:59:59 of its day.
      expect(await matching(day, { starts_before: previous })).toEqual(['spanning']);
      expect(sorted(await matching(day, { starts_after: previous }))).toEqual(['first', 'inside', 'last', 'overnight']);
      expect(sorted(await matching(day, { ends_before: `${day} 08:00` }))).toEqual(['before', 'first', 'inside']);
      expect(sorted(await matching(day, { ends_after: day }))).toEqual(['overnight', 'spanning']);
    });

    it('combines start_date, end_date and relative filters', async () => {
      expect(sorted(await matching(day, { start_date: previous, end_date: next, ends_after: day }))).toEqual(['overnight', 'spanning']);
      expect(sorted(await matching(day, { start_date: day, end_date: next, starts_before: day, strict_dates: '0' }))).toEqual([
        'first',
        'inside',
        'last',
        'overnight',
      ]);
    });

    it('orders by start, then ID', async () => {
      expect(
        await matching(day, { start_date: previous, end_date: DateTime.fromISO(day).plus({ days: 2 }).toFormat('yyyy-MM-dd') }),
      ).toEqual(['spanning', 'before', 'first', 'inside', 'last', 'overnight']);
    });
  });
});

describe('event filters: the default window', () => {
  const SITE = 'America/New_York';
  let t: TestApp;
  const created: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: SITE });
    const { start, end } = defaultWindow(SITE);
    const at = (wall: string, seconds: number) =>
      DateTime.fromFormat(wall, WALL_FORMAT, { zone: SITE }).plus({ seconds }).toFormat(WALL_FORMAT);
    const events: Record<string, [string, string]> = {
      startsYesterday: [start, at(start, 3600)],
      startsTooEarly: [at(start, -1), at(start, 3600)],
      endsOnLastDay: [at(end, -3600), end],
      endsTooLate: [at(end, -3600), at(end, 1)],
      past: ['2020-03-01 10:00:00', '2020-03-01 12:00:00'],
      farFuture: ['2040-03-01 10:00:00', '2040-03-01 12:00:00'],
    };
    for (const [name, [startDate, endDate]] of Object.entries(events)) {
      created[name] = (await createEvent(t, { title: `window ${name}`, start_date: startDate, end_date: endDate, timezone: SITE })).id;
    }
  });
  afterAll(async () => t.close());

  const names = (res: Response) => {
    const byId = new Map(Object.entries(created).map(([name, id]) => [id, name]));
    return listedIds(res)
      .map((id) => byId.get(id))
      .filter(Boolean)
      .sort();
  };

  /** A request and the window computed around it; repeated in the rare case midnight passed in between. */
  async function withWindow(query: Record<string, string>) {
    for (;;) {
      const before = defaultWindow(SITE);
      const res = await listEvents(t, { search: 'window', ...query });
      if (JSON.stringify(defaultWindow(SITE)) === JSON.stringify(before)) return { res, window: before };
    }
  }

  it('runs from 00:00 yesterday to 23:59:59 of the day 24 months ahead in SITE_TIMEZONE', async () => {
    const { res, window } = await withWindow({});
    expect(names(res)).toEqual(['endsOnLastDay', 'startsYesterday']);
    expect(queryOf(res.body.rest_url)).toMatchObject({ start_date: window.start, end_date: window.end });
  });

  it('keeps the default end when only start_date is given, and the default start when only end_date is', async () => {
    const { res: fromStart, window } = await withWindow({ start_date: '2020-01-01' });
    expect(names(fromStart)).toEqual(['endsOnLastDay', 'past', 'startsTooEarly', 'startsYesterday']);
    expect(queryOf(fromStart.body.rest_url)).toMatchObject({ start_date: '2020-01-01 00:00:00', end_date: window.end });
    const { res: toEnd, window: again } = await withWindow({ end_date: '2040-12-31' });
    expect(names(toEnd)).toEqual(['endsOnLastDay', 'endsTooLate', 'farFuture', 'startsYesterday']);
    expect(queryOf(toEnd.body.rest_url)).toMatchObject({ start_date: again.start, end_date: '2040-12-31 23:59:59' });
  });

  it('drops both defaults when a relative filter comes without start_date and end_date', async () => {
    const { res } = await withWindow({ ends_after: '2019-12-31' });
    expect(names(res)).toEqual(Object.keys(created).sort());
    expect(queryOf(res.body.rest_url)).not.toHaveProperty('start_date');
    expect(queryOf(res.body.rest_url)).not.toHaveProperty('end_date');
    expect(names((await withWindow({ starts_before: '2021-01-01' })).res)).toEqual(['past']);
    expect(names((await withWindow({ starts_after: '2039-01-01' })).res)).toEqual(['farFuture']);
    expect(names((await withWindow({ ends_before: '2021-01-01' })).res)).toEqual(['past']);
  });

  it('ignores every date filter for include', async () => {
    const include = Object.values(created).join(',');
    const res = await listEvents(t, { include, start_date: '2030-01-01', end_date: '2030-01-02', starts_after: '2035-01-01' });
    expect(names(res)).toEqual(Object.keys(created).sort());
    expect(queryOf(res.body.rest_url)).not.toHaveProperty('start_date');
  });
});
