import { createHash } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One request the feed server received, with the validators of a conditional request. */
interface FeedRequest {
  path: string;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/**
 * A calendar publisher on 127.0.0.1 for import tests: each path serves what was last published on
 * it, with an ETag from its content and a Last-Modified, answering 304 to a conditional request
 * whose validator still matches; paths may redirect. Counts and keeps every request.
 */
export interface FeedServer {
  port: number;
  requests: FeedRequest[];
  url(path: string, host?: string): string;
  publish(path: string, body: string | Buffer): void;
  redirect(path: string, location: string): void;
  /** Requests received on `path` so far. */
  count(path: string): number;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const feeds = new Map<string, { body: Buffer; etag: string; lastModified: string }>();
  const redirects = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    const ifNoneMatch = request.headers['if-none-match'];
    state.requests.push({ path, ifNoneMatch, ifModifiedSince: request.headers['if-modified-since'] });
    const location = redirects.get(path);
    if (location !== undefined) return void response.writeHead(302, { location }).end();
    const feed = feeds.get(path);
    if (!feed) return void response.writeHead(404).end();
    const validators = { etag: feed.etag, 'last-modified': feed.lastModified };
    if (ifNoneMatch === feed.etag) return void response.writeHead(304, validators).end();
    response.writeHead(200, { ...validators, 'content-type': 'text/calendar; charset=utf-8' }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let published = 0;
  const state: FeedServer = {
    port,
    requests: [],
    url: (path, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    publish(path, body) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
      published += 1;
      feeds.set(path, {
        body: bytes,
        etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`,
        lastModified: new Date(Date.UTC(2026, 0, 1, 0, 0, published)).toUTCString(),
      });
    },
    redirect: (path, location) => void redirects.set(path, location),
    count: (path) => state.requests.filter((request) => request.path === path).length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
