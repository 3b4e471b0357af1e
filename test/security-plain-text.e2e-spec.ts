import { Body, createEvent, EVENTS, getEvent, ORGANIZERS, VENUES } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/** Markup in every encoding an attacker might try, each with the plain text it must leave. */
const HOSTILE_NAMES: Array<[string, string]> = [
  ['&lt;img src=x onerror=alert(1)&gt;Gig', 'Gig'],
  ['&amp;lt;img src=x onerror=alert(1)&amp;gt;Gig', 'Gig'],
  ['&#60;svg onload=alert(1)&#62;Gig', 'Gig'],
  ['&#x3C;script&#x3E;alert(1)&#x3C;/script&#x3E;Gig', 'Gig'],
  ['<b>&lt;i&gt;Gig&lt;/i&gt;</b>', 'Gig'],
  ['Gig\r\nBEGIN:VEVENT\r\nSUMMARY:Forged', 'Gig  BEGIN:VEVENT  SUMMARY:Forged'],
  ['Gig&#13;&#10;DTSTART:20300101T000000Z', 'Gig  DTSTART:20300101T000000Z'],
  ['Gig\tand\u0000nul\u2028line', 'Gig and nul line'],
];

/** Whether a string looks like the start of a tag. */
const hasMarkup = (text: string) => /<\/?[a-z!?]/i.test(text);

/**
 * Titles and names are plain text however the markup in them was encoded, and never keep control
 * characters (a CR/LF in a title would start a new line of an iCalendar feed). `json_ld` is safe
 * inside a `<script>` element: the JSON text of an answer has no `<` at all.
 */
describe('security: plain-text titles and names, and JSON safe in a script element', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}`;

  it.each(HOSTILE_NAMES)('an event title %j is stored as %j, on create and on update', async (hostile, plain) => {
    const event = await createEvent(t, { title: hostile, start_date: 'tomorrow 8pm', end_date: 'tomorrow 9pm' });
    expect(event.title).toBe(plain);
    const shown = (await getEvent(t, event.id).expect(200)).body;
    expect([shown.title, shown.json_ld.name]).toEqual([plain, plain]);
    const updated = await t.http
      .patch(`${EVENTS}/${event.id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: `Other ${hostile}` })
      .expect(200);
    expect(updated.body.title).toBe(`Other ${plain}`);
  });

  it.each(HOSTILE_NAMES)('a venue and an organizer named %j are called %j, also created inline', async (hostile, plain) => {
    const venue = await t.http
      .post(VENUES)
      .set(bearer(ADMIN_TOKEN))
      .send({ venue: hostile, city: unique('Town') })
      .expect(201);
    expect(venue.body.venue).toBe(plain);
    const organizer = await t.http.post(ORGANIZERS).set(bearer(ADMIN_TOKEN)).send({ organizer: hostile, email: 'a@b.example' }).expect(201);
    expect(organizer.body.organizer).toBe(plain);
    const event = await createEvent(t, {
      title: 'Inline places',
      start_date: 'tomorrow 8pm',
      end_date: 'tomorrow 9pm',
      venue: { venue: hostile, city: unique('Inline town') },
      organizer: [{ organizer: hostile, phone: unique('phone') }],
    });
    expect([(event.venue as Body).venue, (event.organizer as Body[])[0].organizer]).toEqual([plain, plain]);
  });

  it.each(['categories', 'tags'])('%s names are plain text however encoded', async (collection) => {
    for (const [hostile, plain] of HOSTILE_NAMES) {
      const res = await t.http
        .post(`${NS}/${collection}`)
        .set(bearer(ADMIN_TOKEN))
        .send({ name: `${hostile} ${++counter}`, description: hostile })
        .expect(201);
      expect(res.body.name).toBe(`${plain} ${counter}`);
      expect(hasMarkup(res.body.description as string)).toBe(false);
      expect(res.body.description).not.toMatch(/[\r\n]/);
    }
  });

  it('a term named inline in an event body is plain text', async () => {
    const event = await createEvent(t, {
      title: 'Inline terms',
      start_date: 'tomorrow 8pm',
      end_date: 'tomorrow 9pm',
      categories: ['&lt;img src=x onerror=alert(1)&gt;Inline category'],
      tags: ['Inline&#13;&#10;tag'],
    });
    expect((event.categories as Body[]).map((term) => term.name)).toEqual(['Inline category']);
    expect((event.tags as Body[]).map((term) => term.name)).toEqual(['Inline  tag']);
  });

  it('an entity-escaped </script> in a description never reaches json_ld as markup, and no answer holds a "<"', async () => {
    const description = '<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Bring a torch &lt;3</p>';
    const venue = await t.http
      .post(VENUES)
      .set(bearer(ADMIN_TOKEN))
      .send({ venue: 'Script Hall', description, address: '</script><b>' })
      .expect(201);
    const organizer = await t.http.post(ORGANIZERS).set(bearer(ADMIN_TOKEN)).send({ organizer: 'Script Crew', description }).expect(201);
    const event = await createEvent(t, {
      title: 'Script night',
      description,
      start_date: 'tomorrow 8pm',
      end_date: 'tomorrow 9pm',
      venue: venue.body.id,
      organizer: [organizer.body.id],
    });
    for (const path of [`${EVENTS}/${event.id}`, `${VENUES}/${venue.body.id as number}`, `${ORGANIZERS}/${organizer.body.id as number}`]) {
      const res = await t.http.get(path).expect(200);
      expect(res.text).not.toContain('<');
      expect(res.text).toContain('\\u003c');
      expect(res.body.json_ld.description).toBe('Bring a torch <3');
      // A second read comes from the response cache, escaped alike.
      expect((await t.http.get(path).expect(200)).text).not.toContain('<');
    }
    // The values themselves are unchanged: the escape is only in the JSON text.
    expect((await t.http.get(`${VENUES}/${venue.body.id as number}`).expect(200)).body.address).toBe('</script><b>');
  });
});
