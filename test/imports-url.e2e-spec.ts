import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { calendar, IMPORTS, importedEvents, upload, vevent } from './support/imports';

/** A feed on 127.0.0.1 that answers 304 to its own ETag, as a producer's server would. */
class FeedServer {
  body = '';
  status = 200;
  readonly conditional: Array<string | undefined> = [];
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const etag = `"${Buffer.from(this.body).length}-${this.body.length % 97}"`;
      this.conditional.push(req.headers['if-none-match']);
      if (this.status !== 200) return void res.writeHead(this.status).end();
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag }).end();
      res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', ETag: etag }).end(this.body);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server?.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }
}

const BERLIN = ';TZID=Europe/Berlin:';
const event = (uid: string, title: string) => vevent(uid, title, `${BERLIN}20270501T190000`, `${BERLIN}20270501T210000`);

/** Subscribing to a feed by URL: conditional refetches, failures kept on the source, limits. */
describe('imports: URL sources', () => {
  const feed = new FeedServer();
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    await feed.start();
    url = `http://127.0.0.1:${feed.port}/feed.ics`;
    t = await createTestApp({ IMPORT_ALLOWED_HOSTS: `127.0.0.1:${feed.port}`, IMPORT_MAX_BYTES: '4096' });
  });
  afterAll(async () => {
    await t.close();
    await feed.stop();
  });
  const post = (body: Record<string, unknown>) => t.http.post(IMPORTS).set(bearer(ADMIN_TOKEN)).send(body);
  const run = (id: number) => t.http.post(`${IMPORTS}/${id}/run`).set(bearer(ADMIN_TOKEN)).expect(200);
  const dataVersion = () => t.dataSource.query('SELECT SUM(version) AS v FROM data_versions');

  it('subscribes, then refetches conditionally: a 304 writes nothing', async () => {
    feed.body = calendar([event('a@feed', 'Feed A'), event('b@feed', 'Feed B')]);
    const res = await post({ url, refresh: 'PT1H', status: 'draft' }).expect(201);
    expect(res.body).toMatchObject({ url, refresh: 'PT1H', status: 'draft', last_error: null, last_report: { created: 2 } });
    expect(res.body.next_run_utc).not.toBeNull();
    const version = await dataVersion();
    const again = await run(res.body.id);
    expect(feed.conditional.at(-1)).toMatch(/^"/);
    expect(again.body.last_report).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await dataVersion()).toEqual(version);
    feed.body = calendar([event('a@feed', 'Feed A changed'), event('b@feed', 'Feed B')]);
    expect((await run(res.body.id)).body.last_report).toMatchObject({ updated: 1, unchanged: 1 });
    expect((await importedEvents(t, { status: 'draft' })).map((e) => e.title).sort()).toEqual(['Feed A changed', 'Feed B']);
  });

  it('keeps a failed fetch on the source and changes nothing', async () => {
    const { body: list } = await t.http.get(IMPORTS).set(bearer(ADMIN_TOKEN)).expect(200);
    const source = list.imports[0];
    feed.status = 500;
    const failed = await run(source.id);
    feed.status = 200;
    expect(failed.body.last_error).toMatchObject({ code: 'fetch_http_status' });
    expect(failed.body.last_error.message).toContain('500');
    expect(failed.body.last_success_utc).toBe(source.last_success_utc);
    expect(failed.body.last_report).toEqual(source.last_report);
  });

  it('refuses an address the allow-list does not name, a refresh below PT15M, and refresh on uploads', async () => {
    const refused = await post({ url: `http://localhost:${feed.port}/feed.ics` }).expect(400);
    expect(refused.body.data.params.url).toMatch(/localhost/);
    const short = await post({ url, refresh: 'PT5M' }).expect(400);
    expect(Object.keys(short.body.data.params)).toEqual(['refresh']);
    await upload(t, feed.body, { refresh: 'PT1H' }).expect(400);
    const both = await post({ url, calendar: feed.body }).expect(400);
    expect(Object.keys(both.body.data.params)).toEqual(['calendar']);
    await post({}).expect(400, /rest_missing_callback_param/);
  });

  it('refuses calendars over IMPORT_MAX_BYTES, uploaded or fetched', async () => {
    const big = calendar([event('big@feed', `Big ${'x'.repeat(5000)}`)]);
    const uploaded = await upload(t, big).expect(413);
    expect(uploaded.body.code).toBe('rest_payload_too_large');
    feed.body = big;
    const fetched = await post({ url: `${url}?big` }).expect(400);
    expect(fetched.body.data.params.url).toMatch(/4096/);
  });

  it('answers the translated problem in German', async () => {
    const res = await upload(t, 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n', { translation_language: 'de' }).expect(400);
    expect(res.body.data.params.calendar).toMatch(/^Zeile 2/);
  });
});
