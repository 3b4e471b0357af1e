import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { calendar, importedEvents, rerun, upload, vevent } from './support/imports';

const BERLIN = ';TZID=Europe/Berlin:';
const talk = (title: string, ...more: string[]) =>
  vevent('talk-a@example.org', title, `${BERLIN}20270301T190000`, `${BERLIN}20270301T200000`, ...more);
const other = vevent('talk-b@example.org', 'Talk B', `${BERLIN}20270302T190000`, `${BERLIN}20270302T200000`);
/** A weekly class in the style of Google Calendar: the series, one moved occurrence, one cancelled. */
const series = [
  vevent(
    'class@example.org',
    'Yoga',
    `${BERLIN}20270304T180000`,
    `${BERLIN}20270304T190000`,
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'LOCATION:Studio 1',
  ),
  vevent(
    'class@example.org',
    'Yoga special',
    `${BERLIN}20270311T200000`,
    `${BERLIN}20270311T210000`,
    `RECURRENCE-ID${BERLIN}20270311T180000`,
    'LOCATION:Studio 1',
  ),
  vevent(
    'class@example.org',
    'Yoga',
    `${BERLIN}20270318T180000`,
    `${BERLIN}20270318T190000`,
    `RECURRENCE-ID${BERLIN}20270318T180000`,
    'STATUS:CANCELLED',
  ),
];

/** A source that changes between runs: updates, removals, series with exceptions, and edits by hand. */
describe('imports: a changing source', () => {
  let t: TestApp;
  let source: number;
  const find = async (title: string, status = 'publish,draft,trash') =>
    (await importedEvents(t, { status })).find((event) => event.title === title);
  const occurrences = async (seriesId: number) =>
    (await importedEvents(t, { expand: 'true', recurring_event: String(seriesId) })).map((event) => [event.title, event.start_date]);

  beforeAll(async () => {
    t = await createTestApp();
    const res = await upload(t, calendar([talk('Talk A'), other, ...series])).expect(201);
    source = res.body.id;
    expect(res.body.last_report).toMatchObject({ created: 3, skipped: [] });
  });
  afterAll(async () => t.close());

  it('maps a series with a moved and a cancelled occurrence', async () => {
    const yoga = await find('Yoga');
    expect(yoga?.recurrence).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=4', exdates: ['2027-03-18 18:00:00'] });
    expect(await occurrences(yoga?.id as number)).toEqual([
      ['Yoga', '2027-03-04 18:00:00'],
      ['Yoga special', '2027-03-11 20:00:00'],
      ['Yoga', '2027-03-25 18:00:00'],
    ]);
  });

  it('updates what changed, trashes what vanished and leaves the rest unwritten', async () => {
    const yogaBefore = await find('Yoga');
    const res = await rerun(t, source, calendar([talk('Talk A renamed', 'SEQUENCE:1'), ...series])).expect(200);
    expect(res.body.last_report).toMatchObject({ created: 0, updated: 1, unchanged: 1, removed: 1, skipped: [] });
    expect((await find('Talk B'))?.status).toBe('trash');
    expect((await find('Talk A renamed'))?.import).toEqual({ id: source, uid: 'talk-a@example.org' });
    expect((await find('Yoga'))?.modified_utc).toBe(yogaBefore?.modified_utc);
  });

  it('keeps an edit by hand until the source moves its SEQUENCE, then reports the source winning', async () => {
    const event = await find('Talk A renamed');
    await t.http.patch(`${NS}/events/${event?.id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'Edited by hand' }).expect(200);
    const quiet = await rerun(t, source, calendar([talk('Talk A renamed', 'SEQUENCE:1', 'DESCRIPTION:new text'), ...series])).expect(200);
    expect(quiet.body.last_report).toMatchObject({ updated: 0, kept: [{ uid: 'talk-a@example.org', id: event?.id, recurrence_id: null }] });
    expect(await find('Edited by hand')).toBeDefined();
    const moved = await rerun(t, source, calendar([talk('Talk A from source', 'SEQUENCE:2'), ...series])).expect(200);
    expect(moved.body.last_report).toMatchObject({ updated: 1, overridden: [{ uid: 'talk-a@example.org', id: event?.id }], kept: [] });
    expect(await find('Talk A from source')).toBeDefined();
  });

  it('brings a removed event back from the trash when the source has it again', async () => {
    const res = await rerun(t, source, calendar([talk('Talk A from source', 'SEQUENCE:2'), other, ...series])).expect(200);
    expect(res.body.last_report).toMatchObject({ updated: 1, unchanged: 2 });
    expect((await find('Talk B'))?.status).toBe('publish');
  });

  it('changes an exception and cancels an occurrence in one run', async () => {
    const changed = [series[0], series[1].map((line) => line.replace('Yoga special', 'Yoga in the park')), series[2]];
    changed.push(
      vevent(
        'class@example.org',
        'Yoga',
        `${BERLIN}20270325T180000`,
        `${BERLIN}20270325T190000`,
        `RECURRENCE-ID${BERLIN}20270325T180000`,
        'STATUS:CANCELLED',
      ),
    );
    const res = await rerun(t, source, calendar([talk('Talk A from source', 'SEQUENCE:2'), other, ...changed])).expect(200);
    expect(res.body.last_report).toMatchObject({ updated: 1, unchanged: 2, skipped: [] });
    const yoga = await find('Yoga');
    expect(await occurrences(yoga?.id as number)).toEqual([
      ['Yoga', '2027-03-04 18:00:00'],
      ['Yoga in the park', '2027-03-11 20:00:00'],
    ]);
  });

  it('with on_removed keep, counts what vanished and leaves it published', async () => {
    const kept = await upload(t, calendar([vevent('x@example.org', 'Stays', `${BERLIN}20270401T100000`, `${BERLIN}20270401T110000`)]), {
      on_removed: 'keep',
    }).expect(201);
    const res = await rerun(t, kept.body.id, calendar([])).expect(200);
    expect(res.body.last_report).toMatchObject({ removed: 1 });
    expect((await find('Stays'))?.status).toBe('publish');
  });
});
