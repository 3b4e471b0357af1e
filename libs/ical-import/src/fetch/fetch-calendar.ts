import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { matchesHostPattern, toHostPattern } from '@app/common/http/trusted-hosts';
import { FetchProblemCode, ImportProblem, ProblemParams } from '../problems/import-problem';
import { refusedRange } from './address-ranges';
import { BodyTooLargeError, CheckedAddress, pinnedGet, PinnedResponse, readLimitedBody, UnsupportedEncodingError } from './pinned-request';

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_REDIRECTS = 3;

type HostLookup = (hostname: string) => Promise<CheckedAddress[]>;

/** Sends the request to the checked address; tests of refusals pass one that must never be called. */
type SendRequest = typeof pinnedGet;

export interface FetchCalendarOptions {
  /** Hosts whose addresses are not checked (IMPORT_ALLOWED_HOSTS): `feeds.example.org`, `*.example.org`, `127.0.0.1`, `[::1]:8080`. */
  allowedHosts?: readonly string[];
  /** Largest body accepted, after decompression (default 10 MiB). */
  maxBytes?: number;
  /** For the whole fetch, redirects included (default 20 s). */
  timeoutMs?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /** The ETag and Last-Modified of the last fetch, sent as If-None-Match and If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  userAgent?: string;
  /** Resolves a host name to its addresses; the system resolver by default (tests pass their own). */
  lookup?: HostLookup;
}

/** What the source answered: a calendar, "not modified" (a 304 to the conditional request), or why it could not be fetched. */
export type FetchCalendarResult =
  | { status: 'fetched'; body: Buffer; url: string; etag: string | null; lastModified: string | null; contentType: string | null }
  | { status: 'not-modified'; url: string; etag: string | null; lastModified: string | null }
  | { status: 'failed'; problem: ImportProblem<FetchProblemCode> };

class FetchRefused extends Error {
  constructor(
    readonly code: FetchProblemCode,
    readonly params: ProblemParams,
  ) {
    super(code);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** `\s` covers a byte-order mark too. */
const CALENDAR_START = /^\s*BEGIN:VCALENDAR/i;

/**
 * Fetches a calendar from a URL on a user's behalf. Only http and https; every host (the first
 * and each redirect's) is resolved and refused when any of its addresses is loopback, private,
 * shared, link-local, unique-local, multicast, unspecified or otherwise not a public host (IPv4
 * inside IPv6 forms included), unless the host is allow-listed; the connection then goes to the
 * address that was checked. Redirects are followed by hand, at most `maxRedirects`. The body is
 * limited to `maxBytes` and the whole fetch to `timeoutMs`, and the answer must be a calendar:
 * `text/calendar`, or a body starting with `BEGIN:VCALENDAR`.
 */
export async function fetchCalendar(
  address: string,
  options: FetchCalendarOptions = {},
  send: SendRequest = pinnedGet,
): Promise<FetchCalendarResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetchFollowingRedirects(parseSourceUrl(address), options, send, controller.signal);
  } catch (error) {
    return { status: 'failed', problem: toProblem(error, controller.signal.aborted, timeoutMs, options) };
  } finally {
    clearTimeout(timer);
  }
}

async function fetchFollowingRedirects(
  start: URL,
  options: FetchCalendarOptions,
  send: SendRequest,
  signal: AbortSignal,
): Promise<FetchCalendarResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url = start;
  for (let redirects = 0; ; redirects++) {
    const target = await abortable(checkedAddress(url, options), signal);
    const response = await send(url, target, requestHeaders(options), signal);
    if (REDIRECTS.has(response.status)) {
      response.message.destroy();
      if (redirects >= maxRedirects) throw new FetchRefused('fetch_too_many_redirects', { host: url.hostname, max: maxRedirects });
      url = redirectTarget(url, response);
      continue;
    }
    return await answer(url, response, options);
  }
}

function parseSourceUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new FetchRefused('fetch_invalid_url', {});
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('fetch_scheme_refused', { scheme: url.protocol.slice(0, -1) });
  return url;
}

function redirectTarget(from: URL, response: PinnedResponse): URL {
  const location = response.headers.location;
  if (!location) throw new FetchRefused('fetch_redirect_invalid', { host: from.hostname });
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchRefused('fetch_redirect_invalid', { host: from.hostname });
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    throw new FetchRefused('fetch_scheme_refused', { scheme: next.protocol.slice(0, -1) });
  return next;
}

/** The address to connect to, after checking every address of the host (unless the host is allow-listed). */
async function checkedAddress(url: URL, options: FetchCalendarOptions): Promise<CheckedAddress> {
  const host = url.hostname.toLowerCase();
  const literal = host.replace(/^\[|\]$/g, '');
  const family = isIP(literal);
  const addresses: CheckedAddress[] = family !== 0 ? [{ address: literal, family: family as 4 | 6 }] : await resolve(host, options);
  if (addresses.length === 0) throw new FetchRefused('fetch_host_not_found', { host });
  if (!isAllowListed(url, options.allowedHosts ?? [])) {
    for (const { address } of addresses) {
      const range = refusedRange(address);
      if (range) throw new FetchRefused('fetch_address_refused', { host, address, range });
    }
  }
  return addresses.find((candidate) => candidate.family === 4) ?? addresses[0];
}

async function resolve(host: string, options: FetchCalendarOptions): Promise<CheckedAddress[]> {
  try {
    if (options.lookup) return await options.lookup(host);
    const found = await dnsLookup(host, { all: true, verbatim: true });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  } catch {
    throw new FetchRefused('fetch_host_not_found', { host });
  }
}

function isAllowListed(url: URL, allowedHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const name = url.hostname.toLowerCase();
  return allowedHosts.some((entry) => matchesHostPattern(toHostPattern(entry.trim().toLowerCase()), name, port));
}

function requestHeaders(options: FetchCalendarOptions): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': options.userAgent ?? 'calendar-api-import',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  return headers;
}

async function answer(url: URL, response: PinnedResponse, options: FetchCalendarOptions): Promise<FetchCalendarResult> {
  const etag = headerText(response, 'etag');
  const lastModified = headerText(response, 'last-modified');
  const conditional = Boolean(options.etag || options.lastModified);
  if (response.status === 304 && conditional) {
    response.message.destroy();
    return {
      status: 'not-modified',
      url: url.href,
      etag: etag ?? options.etag ?? null,
      lastModified: lastModified ?? options.lastModified ?? null,
    };
  }
  if (response.status < 200 || response.status > 299) {
    response.message.destroy();
    throw new FetchRefused('fetch_http_status', { host: url.hostname, status: response.status });
  }
  const body = await readLimitedBody(response, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const contentType = headerText(response, 'content-type');
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  if (mediaType !== 'text/calendar' && !CALENDAR_START.test(body.subarray(0, 64).toString('utf8'))) {
    throw new FetchRefused('fetch_not_calendar', { host: url.hostname, contentType: mediaType ?? '' });
  }
  return { status: 'fetched', body, url: url.href, etag, lastModified, contentType: contentType ?? null };
}

function headerText(response: PinnedResponse, name: string): string | null {
  const value = response.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Rejects when the fetch's deadline passes first (a DNS lookup cannot be cancelled). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function toProblem(error: unknown, timedOut: boolean, timeoutMs: number, options: FetchCalendarOptions): ImportProblem<FetchProblemCode> {
  if (timedOut) return { code: 'fetch_timeout', params: { seconds: Math.ceil(timeoutMs / 1000) } };
  if (error instanceof FetchRefused) return { code: error.code, params: error.params };
  if (error instanceof BodyTooLargeError) return { code: 'fetch_too_large', params: { maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES } };
  if (error instanceof UnsupportedEncodingError)
    return { code: 'fetch_network_error', params: { detail: `content-encoding ${error.encoding}` } };
  const code = (error as NodeJS.ErrnoException)?.code;
  return { code: 'fetch_network_error', params: { detail: typeof code === 'string' ? code : 'connection failed' } };
}
