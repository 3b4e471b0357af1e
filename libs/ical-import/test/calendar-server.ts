import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const SMALL_CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

export interface CalendarServer {
  port: number;
  /** Every request received, with its path and headers. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  url(path: string): string;
  close(): Promise<void>;
}

type Route = (response: ServerResponse, headers: IncomingHttpHeaders, server: CalendarServer) => void;

/** The answers a feed server may give, each on its own path. */
const ROUTES: Record<string, Route> = {
  '/calendar': (response, headers) => {
    if (headers['if-none-match'] === '"v1"') return void response.writeHead(304, { etag: '"v1"' }).end();
    response.writeHead(200, {
      'content-type': 'text/calendar; charset=utf-8',
      etag: '"v1"',
      'last-modified': 'Tue, 01 Apr 2025 10:00:00 GMT',
    });
    response.end(SMALL_CALENDAR);
  },
  '/octet-stream': (response) =>
    void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(`\uFEFF${SMALL_CALENDAR}`),
  '/html': (response) => void response.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><p>Not a calendar</p>'),
  '/declared-too-large': (response) =>
    void response.writeHead(200, { 'content-type': 'text/calendar', 'content-length': '5000' }).end('x'.repeat(5000)),
  '/streamed-too-large': (response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' });
    for (let chunk = 0; chunk < 10; chunk++) response.write(`${'x'.repeat(999)}\n`);
    response.end();
  },
  '/gzip': (response) =>
    void response.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' }).end(gzipSync(SMALL_CALENDAR)),
  '/gzip-bomb': (response) =>
    void response
      .writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' })
      .end(gzipSync(Buffer.alloc(1_000_000, 0x41))),
  '/status-500': (response) => void response.writeHead(500).end('broken'),
  '/slow': (response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.write('BEGIN:VCALENDAR\r\n');
  },
  '/redirect-without-location': (response) => void response.writeHead(302).end(),
  '/redirect-to-ftp': (response) => void response.writeHead(302, { location: 'ftp://127.0.0.1/calendar.ics' }).end(),
  '/redirect-loop': (response) => void response.writeHead(302, { location: '/redirect-loop' }).end(),
};

/** A feed server on 127.0.0.1 (and only there) for fetcher tests. `/hops/N` redirects N times before `/calendar`. */
export async function startCalendarServer(): Promise<CalendarServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const state: CalendarServer = {
    port,
    requests: [],
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('request', (request, response) => {
    const path = request.url ?? '/';
    state.requests.push({ path, headers: request.headers });
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) {
      const left = Number(hops[1]);
      return void response.writeHead(301, { location: left > 1 ? `/hops/${left - 1}` : '/calendar' }).end();
    }
    const redirect = /^\/redirect-to\/(.+)$/.exec(path);
    if (redirect) return void response.writeHead(307, { location: decodeURIComponent(redirect[1]) }).end();
    const route = ROUTES[path];
    if (route) route(response, request.headers, state);
    else response.writeHead(404).end();
  });
  return state;
}
