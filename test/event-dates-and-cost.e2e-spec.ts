import { DateTime } from 'luxon';
import { expectInvalidParams } from './support/events-assertions';
import { Body, createEvent, postEvent, updateEvent } from './support/events-fixtures';
import { WALL_FORMAT } from './support/events-zones';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Rules that rest on the shared dates and cost library: English date phrases (docs/api-rules.md,
 * Writes), zone abbreviations and the cost display (docs/api-rules.md, Records as returned).
 */

const CET_ZONE = 'Europe/Berlin';

/** Runs `work` and returns its result with "now" in `zone` before and after, retrying if midnight passed in between. */
async function aroundNow<R>(zone: string, work: () => Promise<R>): Promise<{ result: R; before: DateTime; after: DateTime }> {
  for (;;) {
    const before = DateTime.now().setZone(zone).startOf('second');
    const result = await work();
    const after = DateTime.now().setZone(zone).startOf('second');
    if (before.hasSame(after, 'day')) return { result, before, after };
  }
}

const wall = (text: unknown, zone: string) => DateTime.fromFormat(String(text), WALL_FORMAT, { zone });

describe('event dates: English phrases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: 'America/New_York' });
  });
  afterAll(async () => t.close());

  it.each(['Europe/Berlin', 'Asia/Tokyo', 'America/New_York'])(
    'reads "tomorrow 9am" to "tomorrow 11pm" as wall times in %s',
    async (zone) => {
      const { result, before } = await aroundNow(zone, () =>
        createEvent(t, { start_date: 'tomorrow 9am', end_date: 'tomorrow 11pm', timezone: zone }),
      );
      const tomorrow = before.plus({ days: 1 }).toFormat('yyyy-MM-dd');
      expect([result.start_date, result.end_date, result.timezone]).toEqual([`${tomorrow} 09:00:00`, `${tomorrow} 23:00:00`, zone]);
      expect(result.utc_start_date).toBe(wall(result.start_date, zone).setZone('UTC').toFormat(WALL_FORMAT));
    },
  );

  it('reads phrases in SITE_TIMEZONE when neither request nor record names a zone, else in the record zone', async () => {
    const { result: inSite, before } = await aroundNow('America/New_York', () =>
      createEvent(t, { start_date: 'tomorrow 9am', end_date: 'tomorrow 10am' }),
    );
    expect(inSite).toMatchObject({
      timezone: 'America/New_York',
      start_date: `${before.plus({ days: 1 }).toFormat('yyyy-MM-dd')} 09:00:00`,
    });

    const tokyo = await createEvent(t, { start_date: '2031-01-05 10:00', end_date: '2031-01-05 12:00', timezone: 'Asia/Tokyo' });
    const { result: inRecord, before: tokyoNow } = await aroundNow('Asia/Tokyo', () =>
      updateEvent(t, tokyo.id, { start_date: 'tomorrow 9am', end_date: 'tomorrow 10am' }),
    );
    expect(inRecord).toMatchObject({ timezone: 'Asia/Tokyo', start_date: `${tokyoNow.plus({ days: 1 }).toFormat('yyyy-MM-dd')} 09:00:00` });
  });

  it('reads "now" as the current second', async () => {
    const { result, before, after } = await aroundNow(CET_ZONE, () =>
      createEvent(t, { start_date: 'now', end_date: 'tomorrow 11pm', timezone: CET_ZONE }),
    );
    const start = wall(result.start_date, CET_ZONE);
    expect(start.toMillis()).toBeGreaterThanOrEqual(before.toMillis());
    expect(start.toMillis()).toBeLessThanOrEqual(after.toMillis());
  });

  it('reads "+2 days" as two days from now', async () => {
    const { result, before, after } = await aroundNow(CET_ZONE, () =>
      createEvent(t, { start_date: '+2 days', end_date: '+3 days', timezone: CET_ZONE }),
    );
    const start = wall(result.start_date, CET_ZONE);
    expect(start.toMillis()).toBeGreaterThanOrEqual(before.plus({ days: 2 }).toMillis());
    expect(start.toMillis()).toBeLessThanOrEqual(after.plus({ days: 2 }).toMillis());
  });

  it('reads "next wednesday 4pm" as a coming Wednesday at 16:00', async () => {
    const { result, before } = await aroundNow(CET_ZONE, () =>
      createEvent(t, { start_date: 'next wednesday 4pm', end_date: 'next wednesday 6pm', timezone: CET_ZONE }),
    );
    const start = wall(result.start_date, CET_ZONE);
    expect(start.weekday).toBe(3);
    expect(start.toFormat('HH:mm:ss')).toBe('16:00:00');
    expect(start > before).toBe(true);
    expect(start.diff(before, 'days').days).toBeLessThanOrEqual(14);
    expect(result.end_date).toBe(`${start.toFormat('yyyy-MM-dd')} 18:00:00`);
  });

  it('reads a phrase as the publication date, in SITE_TIMEZONE', async () => {
    const event = await createEvent(t, { date: '+1 week' });
    expect(event.status).toBe('future');
  });

  it.each(['tomorrow banana', 'someday', 'next blursday 4pm'])('rejects the phrase %p naming the field', async (phrase) => {
    expectInvalidParams(await postEvent(t, { start_date: phrase, end_date: '2031-01-01' }), ['start_date']);
  });
});

describe('event dates: zone abbreviations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const abbreviation = async (zone: string, start: string) =>
    (await createEvent(t, { start_date: start, end_date: '2031-12-31 23:00', timezone: zone })).timezone_abbr;

  it.each([
    ['Europe/Berlin', '2031-01-15 12:00', 'CET'],
    ['Europe/Berlin', '2031-07-15 12:00', 'CEST'],
    ['Europe/Berlin', '2031-03-30 01:30', 'CET'],
    ['Europe/Berlin', '2031-03-30 03:30', 'CEST'],
    ['Europe/Berlin', '2031-10-26 03:30', 'CET'],
    ['America/New_York', '2031-01-15 12:00', 'EST'],
    ['America/New_York', '2031-07-15 12:00', 'EDT'],
    ['UTC', '2031-07-15 12:00', 'UTC'],
    ['UTC+2', '2031-07-15 12:00', 'UTC+2'],
  ])('names %s at %s %s', async (zone, start, expected) => {
    expect(await abbreviation(zone, start)).toBe(expected);
  });

  it('follows the start instant when the start or the zone changes', async () => {
    const event = await createEvent(t, { start_date: '2031-01-15 12:00', end_date: '2031-12-31 23:00', timezone: 'Europe/Berlin' });
    expect(event.timezone_abbr).toBe('CET');
    expect((await updateEvent(t, event.id, { start_date: '2031-07-15 12:00' })).timezone_abbr).toBe('CEST');
    expect((await updateEvent(t, event.id, { timezone: 'America/New_York' })).timezone_abbr).toBe('EDT');
  });
});

describe('event cost: display and details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const details = (symbol: string, position: '' | 'prefix' | 'postfix', values: string[]) => ({
    currency_symbol: symbol,
    currency_code: '',
    currency_position: position,
    values,
  });

  it.each<[unknown, string, Body]>([
    ['25', '25', details('', '', ['25'])],
    [25, '25', details('', '', ['25'])],
    ['$25', '$25', details('$', 'prefix', ['25'])],
    ['25 €', '25 €', details('€', 'postfix', ['25'])],
    ['€25,50', '€25,50', details('€', 'prefix', ['25.5'])],
    ['25.50', '25.50', details('', '', ['25.5'])],
    ['10 - 20', '10 – 20', details('', '', ['10', '20'])],
    ['$10 - $20', '$10 – $20', details('$', 'prefix', ['10', '20'])],
    ['10 – 20 €', '10 € – 20 €', details('€', 'postfix', ['10', '20'])],
    ['20, 10, 15', '10 – 20', details('', '', ['10', '15', '20'])],
    [[25, 10], '10 – 25', details('', '', ['10', '25'])],
    ['0', 'Free', details('', '', ['0'])],
    ['0 - 20', 'Free – 20', details('', '', ['0', '20'])],
    ['$0 - $15', 'Free – $15', details('$', 'prefix', ['0', '15'])],
    ['Donation', 'Donation', details('', '', [])],
  ])('shows %p as %p', async (input, cost, costDetails) => {
    const event = await createEvent(t, { cost: input });
    expect({ cost: event.cost, cost_details: event.cost_details }).toEqual({ cost, cost_details: costDetails });
  });

  it('treats "25,50" and "25.50" as the same value', async () => {
    const comma = await createEvent(t, { cost: '25,50' });
    const dot = await createEvent(t, { cost: '25.50' });
    expect((comma.cost_details as Body).values).toEqual(['25.5']);
    expect((dot.cost_details as Body).values).toEqual(['25.5']);
  });
});
