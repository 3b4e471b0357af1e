import { FeedServer, startFeedServer } from './support/feed-server';
import { expectInvalidParams } from './support/posts-assertions';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * Fetching a feed is a request the server makes on a caller's behalf (README, Importing
 * calendars): addresses inside the server's own networks are refused unless IMPORT_ALLOWED_HOSTS
 * lists the host, redirects are checked again, answers are bounded. Each refusal is a 400
 * `rest_invalid_param` naming `url`, and nothing is kept: no source, no event.
 */

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Nextcloud calendar v4.7.0',
  'BEGIN:VEVENT',
  'UID:ssrf-probe@example.org',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20270301T100000Z',
  'DTEND:20270301T110000Z',
  'SUMMARY:Internal only',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A calendar of more than 4 KiB, for IMPORT_MAX_BYTES=4096. */
const LARGE_CALENDAR = CALENDAR.replace('SUMMARY:Internal only', `DESCRIPTION:${'x'.repeat(70)}\r\n`.repeat(80) + 'SUMMARY:Large');

describe('import URLs the server must not fetch', () => {
  let feeds: FeedServer;
  let guarded: TestApp;

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.publish('/internal.ics', CALENDAR);
    feeds.publish('/large.ics', LARGE_CALENDAR);
    // Only this host:port is allowed, so the tests below can pass through it to another loopback name.
    feeds.redirect('/to-localhost', feeds.url('/internal.ics', 'localhost'));
    feeds.redirect('/to-ipv6-loopback', feeds.url('/internal.ics', '[::1]'));
    feeds.redirect('/to-private', 'http://10.1.2.3/calendar.ics');
    feeds.redirect('/to-file', 'file:///etc/passwd');
    guarded = await createTestApp({ IMPORT_ALLOWED_HOSTS: `127.0.0.1:${feeds.port}`, IMPORT_MAX_BYTES: '4096' });
  });

  afterAll(async () => {
    await guarded?.close();
    await feeds?.close();
  });

  /** Subscribes to `url` on `app` (refreshed hourly unless `refresh` is false); expects the refusal and that nothing was kept. */
  async function expectRefused(app: TestApp, url: string, refresh = true): Promise<void> {
    const res = await app.http
      .post(`${NS}/imports`)
      .set(bearer(ADMIN_TOKEN))
      .send({ url, ...(refresh ? { refresh: 'PT1H' } : {}) });
    expectInvalidParams(res, ['url']);
    const sources = await app.http.get(`${NS}/imports`).set(bearer(ADMIN_TOKEN));
    expect(sources.body.total).toBe(0);
    const events = await app.http.get(`${NS}/events`).query({ status: 'any', start_date: '2027-01-01' }).set(bearer(ADMIN_TOKEN));
    expect(events.body.total).toBe(0);
  }

  it.each([
    ['a private address (RFC 1918)', 'http://10.0.0.5/calendar.ics'],
    ['a private address (192.168/16)', 'http://192.168.178.1:8080/calendar.ics'],
    ['the link-local metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a unique-local IPv6 address', 'http://[fd12:3456::1]/calendar.ics'],
    ['loopback written inside IPv6', 'http://[::ffff:127.0.0.1]/calendar.ics'],
    ['the unspecified address', 'http://0.0.0.0/calendar.ics'],
  ])('refuses %s', async (_what, url) => {
    await expectRefused(guarded, url);
  });

  it('refuses loopback hosts the allow-list does not name, although the same server is allowed as 127.0.0.1', async () => {
    await expectRefused(guarded, feeds.url('/internal.ics', 'localhost'));
    await expectRefused(guarded, feeds.url('/internal.ics', '127.0.0.2'));
    expect(feeds.count('/internal.ics')).toBe(0);
  });

  it('re-checks every redirect: to another loopback name, to a private address, to a file URL', async () => {
    for (const path of ['/to-localhost', '/to-ipv6-loopback', '/to-private', '/to-file']) await expectRefused(guarded, feeds.url(path));
    expect(feeds.count('/internal.ics')).toBe(0);
  });

  it.each([
    ['ftp', 'ftp://example.org/calendar.ics'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['webcal', 'webcal://example.org/calendar.ics'],
  ])('refuses the %s scheme', async (_scheme, url) => {
    await expectRefused(guarded, url, false);
  });

  it('refuses a calendar larger than IMPORT_MAX_BYTES', async () => {
    await expectRefused(guarded, feeds.url('/large.ics'));
    expect(feeds.count('/large.ics')).toBe(1);
  });

  it('fetches the allowed host itself, and the message of a refusal names the address', async () => {
    const allowed = await guarded.http
      .post(`${NS}/imports`)
      .set(bearer(ADMIN_TOKEN))
      .send({ url: feeds.url('/internal.ics') });
    expect(allowed.status).toBe(201);
    expect(allowed.body.last_report).toEqual(expect.objectContaining({ created: 1 }));
    const refused = await guarded.http.post(`${NS}/imports`).set(bearer(ADMIN_TOKEN)).send({ url: 'http://10.9.8.7/x.ics' });
    expect(refused.body.data.params.url).toContain('10.9.8.7');
  });

  it('without an allow-list, loopback itself is refused', async () => {
    const open = await createTestApp({ IMPORT_ALLOWED_HOSTS: '' });
    try {
      await expectRefused(open, feeds.url('/internal.ics'));
      await expectRefused(open, feeds.url('/internal.ics', '[::1]'));
    } finally {
      await open.close();
    }
  });
});
