import { BODY_FIELDS, HOSTILE_TEXT, METHODS, QUERY_NAMES, RESOURCES } from './fuzz-values';
import { ADMIN_TOKEN, NS } from './test-app';

/*
 * The seeded generator of test/security-fuzz.e2e-spec.ts's hostile requests (whole requests built
 * from fuzz-values.ts), and the sweep of every query parameter with every hostile value alone.
 */

/** mulberry32: small, fast and good enough to pick fuzz cases reproducibly. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Percent-encodes like encodeURIComponent; a lone surrogate becomes the invalid UTF-8 it would be. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

export interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export function fuzzCases(next: () => number, ids: Record<string, number[]>, tokens: string[]): () => Case {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const value = (): string => (chance(0.7) ? pick(HOSTILE_TEXT) : String(pick([...Object.values(ids).flat(), 1, 2, 999999])));
  const jsonValue = (depth = 0): unknown => {
    const roll = next();
    if (depth > 3 || roll < 0.45) return pick(HOSTILE_TEXT);
    if (roll < 0.6) return pick([0, -1, 1.5, 1e308, -1e308, true, false, null, Number.MAX_SAFE_INTEGER + 2]);
    if (roll < 0.8) return Array.from({ length: Math.floor(next() * 5) }, () => jsonValue(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [pick(BODY_FIELDS), jsonValue(depth + 1)]));
  };
  const queryPart = (): string => {
    const name = pick(QUERY_NAMES);
    const shape = next();
    const key = shape < 0.6 ? name : shape < 0.8 ? `${name}[]` : shape < 0.9 ? `${name}[a][b]` : `${name}[0][__proto__]`;
    // Now and then raw, as a client that does not encode would send it.
    const raw = chance(0.05) ? pick(['%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '+', '&&', '==']) : encode(value());
    return `${encode(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${raw}`;
  };
  const path = (): string => {
    const resource = pick(RESOURCES);
    const id = chance(0.8) ? String(pick(ids[resource] ?? [1])) : pick(['0', '-1', '99999999999999999999', 'abc', '1.5', '%00', '1e3']);
    const prefix = pick(['', '', '', '', '', '/de', '/en', '/xx', '/wp-json']);
    // Lists take the most parameters: nearly half of the requests go to one.
    const list = chance(0.5) ? `${NS}/${resource}` : `${NS}/events.ics`;
    const route = chance(0.45)
      ? list
      : pick([
          `${NS}/${resource}`,
          `${NS}/${resource}/${id}`,
          `${NS}/${resource}/by-slug/${encode(value()).slice(0, 300)}`,
          `${NS}/events.ics`,
          `${NS}/events/${id}.ics`,
          `${NS}/events/by-slug/x.ics`,
          NS,
          `${NS}/doc`,
          '/docs-json',
          '/health',
          '/ready',
          `${NS}/${resource}/${id}/extra`,
          `${NS}/../../etc/passwd`,
          `${NS}/${'%2e%2e/'.repeat(3)}`,
        ]);
    // No parameter, one alone (so that it is not refused for another's fault), or several.
    const count = chance(0.2) ? 0 : chance(0.5) ? 1 : 2 + Math.floor(next() * 5);
    const query = Array.from({ length: count }, queryPart).join('&');
    return `${prefix}${route}${query ? `?${query}` : ''}`;
  };
  const body = (headers: Record<string, string>): string | undefined => {
    const roll = next();
    if (roll < 0.1) return undefined;
    if (roll < 0.35) {
      // A body that passes most checks, with one or two hostile fields: reaches the writes themselves.
      headers['Content-Type'] = 'application/json';
      const valid: Record<string, unknown> = {
        title: 'Fuzzed',
        start_date: '2031-05-01 10:00',
        end_date: '2031-05-01 12:00',
        name: 'Fuzzed',
        venue: 'Fuzzed',
      };
      for (let i = 0; i < 1 + Math.floor(next() * 2); i++) valid[pick(BODY_FIELDS)] = jsonValue(2);
      return JSON.stringify(valid);
    }
    if (roll < 0.55) {
      headers['Content-Type'] = 'application/json';
      return JSON.stringify(Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 8) }, () => [pick(BODY_FIELDS), jsonValue()])));
    }
    if (roll < 0.65) {
      headers['Content-Type'] = 'application/json';
      return pick(['{', '{"title":', '[]', '"x"', 'null', '1', `${'['.repeat(100)}${']'.repeat(100)}`, '{"a":'.repeat(40), '\u0000']);
    }
    if (roll < 0.85) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      return Array.from({ length: 1 + Math.floor(next() * 8) }, () => queryPart().replace(/^[^=[]+/, pick(BODY_FIELDS))).join('&');
    }
    headers['Content-Type'] = pick([
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=utf-16',
      '*/*',
      '',
    ]);
    return pick(['x', '--x\r\n\r\n--x--', '<a/>', '\u0000\u0001']);
  };
  return () => {
    const method = pick(METHODS);
    const headers: Record<string, string> = {};
    const auth = next();
    if (auth < 0.35) headers.Authorization = `Bearer ${pick(tokens)}`;
    else if (auth < 0.45)
      headers.Authorization = pick([
        'Bearer ',
        'Bearer cal_bogus',
        'Basic !!!',
        `Basic ${Buffer.from('admin:x').toString('base64')}`,
        'Digest x',
        'Bearer %00',
        'Bearer '.padEnd(600, 'x'),
      ]);
    if (chance(0.2)) headers['Accept-Language'] = pick(['de', 'de-DE,de;q=0.9', '*', 'xx', ';q=', 'en;q=abc', 'x'.repeat(500)]);
    if (chance(0.1)) headers['If-None-Match'] = pick(['*', '"x"', 'W/"x"', '', '"', '*, "a"']);
    if (chance(0.1)) headers['If-Match'] = pick(['*', '"x"', 'W/"x"', '', '"']);
    if (chance(0.05)) headers['X-HTTP-Method-Override'] = pick(['PUT', 'DELETE', 'PATCH', 'GET', 'TRACE', '', 'x'.repeat(100)]);
    if (chance(0.1)) headers.Accept = pick(['text/calendar', 'application/json', '*/*', 'text/html', '']);
    if (chance(0.05)) headers['X-Forwarded-For'] = pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1']);
    if (chance(0.05)) headers['X-Forwarded-Host'] = pick(['evil.example', 'calendar.test', '']);
    headers.Host = chance(0.95) ? 'calendar.test' : pick(['evil.example', 'calendar.test:99999', '[::1]', '']);
    const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
    return { method, path: path(), headers, body: withBody ? body(headers) : undefined };
  };
}

/**
 * The systematic part: every parameter name with every hostile value, alone, on the event list,
 * and the text parameters on every other list and the feed, anonymous and as the administrator.
 */
export function sweepCases(): Case[] {
  const single = (path: string, name: string, text: string, admin: boolean): Case => ({
    method: 'GET',
    path: `${path}?${encode(name)}=${encode(text)}`,
    headers: { Host: 'calendar.test', ...(admin ? { Authorization: `Bearer ${ADMIN_TOKEN}` } : {}) },
  });
  const cases: Case[] = [];
  QUERY_NAMES.forEach((name, i) => HOSTILE_TEXT.forEach((text, j) => cases.push(single(`${NS}/events`, name, text, (i + j) % 2 === 0))));
  const others = [`${NS}/events.ics`, ...RESOURCES.slice(1).map((resource) => `${NS}/${resource}`)];
  for (const path of others) {
    for (const name of ['search', 'slug', 'password']) HOSTILE_TEXT.forEach((text, j) => cases.push(single(path, name, text, j % 2 === 0)));
  }
  return cases;
}
