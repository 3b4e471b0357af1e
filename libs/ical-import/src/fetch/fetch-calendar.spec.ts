import { CalendarServer, SMALL_CALENDAR, startCalendarServer } from '../../test/calendar-server';
import { fetchCalendar, FetchCalendarOptions, FetchCalendarResult } from './fetch-calendar';
import { CheckedAddress } from './pinned-request';

/** Loopback is refused like any private address unless allow-listed: the tests list it, as the integrator's will. */
const LOOPBACK_ALLOWED: FetchCalendarOptions = { allowedHosts: ['127.0.0.1'] };

const problemOf = (result: FetchCalendarResult) => (result.status === 'failed' ? result.problem : null);

/** Stands in for the connection in refusal tests: reaching it means an address was not refused. */
const mustNotConnect = jest.fn(() => {
  throw new Error('connected although the address should have been refused');
});

describe('fetchCalendar', () => {
  let server: CalendarServer;
  beforeAll(async () => {
    server = await startCalendarServer();
  });
  afterAll(() => server.close());
  beforeEach(() => mustNotConnect.mockClear());

  it('fetches a calendar from an allow-listed host with its ETag and Last-Modified', async () => {
    const result = await fetchCalendar(server.url('/calendar'), LOOPBACK_ALLOWED);
    expect(result).toMatchObject({
      status: 'fetched',
      etag: '"v1"',
      lastModified: 'Tue, 01 Apr 2025 10:00:00 GMT',
      url: server.url('/calendar'),
    });
    expect(result.status === 'fetched' && result.body.toString()).toBe(SMALL_CALENDAR);
  });

  it('answers "not modified" to a conditional request the server answers with 304', async () => {
    const result = await fetchCalendar(server.url('/calendar'), {
      ...LOOPBACK_ALLOWED,
      etag: '"v1"',
      lastModified: 'Tue, 01 Apr 2025 10:00:00 GMT',
    });
    expect(result).toEqual({
      status: 'not-modified',
      url: server.url('/calendar'),
      etag: '"v1"',
      lastModified: 'Tue, 01 Apr 2025 10:00:00 GMT',
    });
    expect(server.requests.at(-1)?.headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Tue, 01 Apr 2025 10:00:00 GMT',
    });
  });

  it('accepts another content type when the body is a calendar, and decompresses gzip', async () => {
    expect((await fetchCalendar(server.url('/octet-stream'), LOOPBACK_ALLOWED)).status).toBe('fetched');
    const gzip = await fetchCalendar(server.url('/gzip'), LOOPBACK_ALLOWED);
    expect(gzip.status === 'fetched' && gzip.body.toString()).toBe(SMALL_CALENDAR);
  });

  it('follows up to three redirects, and refuses a fourth', async () => {
    expect(await fetchCalendar(server.url('/hops/3'), LOOPBACK_ALLOWED)).toMatchObject({ status: 'fetched', url: server.url('/calendar') });
    expect(problemOf(await fetchCalendar(server.url('/hops/4'), LOOPBACK_ALLOWED))).toEqual({
      code: 'fetch_too_many_redirects',
      params: { host: '127.0.0.1', max: 3 },
    });
    expect(problemOf(await fetchCalendar(server.url('/redirect-loop'), { ...LOOPBACK_ALLOWED, maxRedirects: 1 }))?.code).toBe(
      'fetch_too_many_redirects',
    );
  });

  it('refuses loopback without the allow-list, before sending anything', async () => {
    const before = server.requests.length;
    expect(problemOf(await fetchCalendar(server.url('/calendar')))).toEqual({
      code: 'fetch_address_refused',
      params: { host: '127.0.0.1', address: '127.0.0.1', range: 'loopback' },
    });
    expect(problemOf(await fetchCalendar(server.url('/calendar'), { allowedHosts: ['127.0.0.1:1'] }))?.code).toBe('fetch_address_refused');
    expect(server.requests.length).toBe(before);
  });

  it('checks a redirect target again: a redirect to loopback under another name is refused', async () => {
    const target = encodeURIComponent(`http://localhost:${server.port}/calendar`);
    const before = server.requests.length;
    const result = await fetchCalendar(server.url(`/redirect-to/${target}`), LOOPBACK_ALLOWED);
    expect(problemOf(result)).toMatchObject({ code: 'fetch_address_refused', params: { host: 'localhost', range: 'loopback' } });
    expect(server.requests.slice(before).map((request) => request.path)).toEqual([`/redirect-to/${target}`]);
  });

  it('refuses redirects to other schemes and redirects without a target', async () => {
    expect(problemOf(await fetchCalendar(server.url('/redirect-to-ftp'), LOOPBACK_ALLOWED))).toEqual({
      code: 'fetch_scheme_refused',
      params: { scheme: 'ftp' },
    });
    expect(problemOf(await fetchCalendar(server.url('/redirect-without-location'), LOOPBACK_ALLOWED))?.code).toBe('fetch_redirect_invalid');
  });

  it('refuses a body over the limit, declared or streamed, and a compressed body that grows over it', async () => {
    const limited = { ...LOOPBACK_ALLOWED, maxBytes: 4096 };
    for (const path of ['/declared-too-large', '/streamed-too-large', '/gzip-bomb']) {
      expect(problemOf(await fetchCalendar(server.url(path), limited))).toEqual({ code: 'fetch_too_large', params: { maxBytes: 4096 } });
    }
  });

  it('refuses an answer that is not a calendar, and an error status', async () => {
    expect(problemOf(await fetchCalendar(server.url('/html'), LOOPBACK_ALLOWED))).toEqual({
      code: 'fetch_not_calendar',
      params: { host: '127.0.0.1', contentType: 'text/html' },
    });
    expect(problemOf(await fetchCalendar(server.url('/status-500'), LOOPBACK_ALLOWED))).toEqual({
      code: 'fetch_http_status',
      params: { host: '127.0.0.1', status: 500 },
    });
  });

  it('gives up on a server that does not finish within the time limit', async () => {
    expect(problemOf(await fetchCalendar(server.url('/slow'), { ...LOOPBACK_ALLOWED, timeoutMs: 300 }))).toEqual({
      code: 'fetch_timeout',
      params: { seconds: 1 },
    });
  });

  it('connects to the address it checked, not to what a second lookup would answer', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    const lookup = jest.fn(async (): Promise<CheckedAddress[]> => [{ address: answers.shift() ?? '127.0.0.3', family: 4 }]);
    const result = await fetchCalendar(`http://feed.test:${server.port}/calendar`, { allowedHosts: ['feed.test'], lookup });
    expect(result.status).toBe('fetched');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(server.requests.at(-1)?.headers.host).toBe(`feed.test:${server.port}`);
  });
});

describe('fetchCalendar refusals by address', () => {
  const resolvingTo =
    (...addresses: string[]) =>
    async (): Promise<CheckedAddress[]> =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it.each([
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.178.1', 'private'],
    ['100.64.12.1', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['::1', 'loopback'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['::', 'unspecified'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
  ])('refuses a host resolving to %s (%s) without connecting', async (address, range) => {
    const result = await fetchCalendar('https://calendar.example.org/feed.ics', { lookup: resolvingTo(address) }, mustNotConnect);
    expect(problemOf(result)).toEqual({ code: 'fetch_address_refused', params: { host: 'calendar.example.org', address, range } });
    expect(mustNotConnect).not.toHaveBeenCalled();
  });

  it('refuses a host when any of its addresses is refused', async () => {
    const result = await fetchCalendar(
      'https://calendar.example.org/',
      { lookup: resolvingTo('93.184.215.14', '10.0.0.7') },
      mustNotConnect,
    );
    expect(problemOf(result)?.params.address).toBe('10.0.0.7');
  });

  it.each([
    ['http://[::ffff:127.0.0.1]/feed.ics', 'loopback'],
    ['http://[::1]:8080/feed.ics', 'loopback'],
    ['http://192.168.0.10/feed.ics', 'private'],
  ])('refuses the address literal in %s', async (url, range) => {
    expect(problemOf(await fetchCalendar(url, {}, mustNotConnect))).toMatchObject({ code: 'fetch_address_refused', params: { range } });
    expect(mustNotConnect).not.toHaveBeenCalled();
  });

  it.each([
    ['file:///etc/passwd', { code: 'fetch_scheme_refused', params: { scheme: 'file' } }],
    ['ftp://example.org/cal.ics', { code: 'fetch_scheme_refused', params: { scheme: 'ftp' } }],
    ['not a url', { code: 'fetch_invalid_url', params: {} }],
  ])('refuses %j', async (url, problem) => {
    expect(problemOf(await fetchCalendar(url, {}, mustNotConnect))).toEqual(problem);
  });

  it('reports a host that does not resolve', async () => {
    const lookup = async (): Promise<CheckedAddress[]> => Promise.reject(new Error('ENOTFOUND'));
    expect(problemOf(await fetchCalendar('https://nowhere.invalid/', { lookup }, mustNotConnect))).toEqual({
      code: 'fetch_host_not_found',
      params: { host: 'nowhere.invalid' },
    });
  });
});
