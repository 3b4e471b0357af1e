import { ApiRequest } from '../api-request';
import { readsTheClock, requestEtag, routeQuery } from './request-etag';

const request = (url: string, extra: Partial<ApiRequest> = {}) =>
  ({
    path: url.split('?')[0],
    originalUrl: url,
    // As the extended parser reads it, enough for these cases: repeated names become lists.
    query: [...new URLSearchParams(url.split('?')[1] ?? '')].reduce<Record<string, string | string[]>>((query, [name, value]) => {
      const before = query[name];
      query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
      return query;
    }, {}),
    address: { id: 'r1', basePath: '', origin: 'http://x.test' },
    context: { language: 'en' },
    ...extra,
  }) as unknown as ApiRequest;

const inputs = { version: '7||', siteDay: '2026-11-25', now: new Date('2026-11-25T10:00:00Z'), key: Buffer.from('k'.repeat(32)) };

describe('request ETags', () => {
  it('sort the query by name, keep the order of repeated values, and keep only what the route reads', () => {
    expect(routeQuery({ b: '2', a: ['1', '0'], x: 'y' }, new Set(['a', 'b']))).toEqual([
      ['a', ['1', '0']],
      ['b', '2'],
    ]);
    expect(requestEtag(request('/e?b=2&a=1'), inputs)).toBe(requestEtag(request('/e?a=1&b=2'), inputs));
    expect(requestEtag(request('/e?a=1&a=2'), inputs)).not.toBe(requestEtag(request('/e?a=2&a=1'), inputs));
    const reads = { parameters: new Set(['a']) };
    expect(requestEtag(request('/e?a=1&unknown=2'), inputs, reads)).toBe(requestEtag(request('/e?a=1'), inputs, reads));
    expect(requestEtag(request('/e?a=1&translation_language=de'), inputs)).not.toBe(requestEtag(request('/e?a=1'), inputs));
  });

  it('read the clock only for date phrases', () => {
    expect(readsTheClock([['start_date', '2026-01-01']])).toBe(false);
    expect(readsTheClock([['start_date', '2026-01-01 10:00:00']])).toBe(false);
    expect(readsTheClock([['ends_after', '1767225600']])).toBe(false);
    expect(readsTheClock([['start_date', 'now']])).toBe(true);
    expect(readsTheClock([['starts_before', '+1 week']])).toBe(true);
    expect(readsTheClock([['search', 'tomorrow']])).toBe(false);
  });

  it('differ by everything an answer depends on', () => {
    const base = requestEtag(request('/e'), inputs);
    expect(requestEtag(request('/e'), { ...inputs, version: '8||' })).not.toBe(base);
    expect(requestEtag(request('/e'), { ...inputs, siteDay: '2026-11-26' })).not.toBe(base);
    expect(requestEtag(request('/e/'), inputs)).toBe(base);
    expect(requestEtag(request('/e', { context: { language: 'de' } } as Partial<ApiRequest>), inputs)).not.toBe(base);
    expect(requestEtag(request('/e', { user: { id: 1, name: 'a', role: 'editor' } } as Partial<ApiRequest>), inputs)).not.toBe(base);
    const phrase = request('/e?start_date=now');
    expect(requestEtag(phrase, inputs)).not.toBe(requestEtag(phrase, { ...inputs, now: new Date('2026-11-25T10:00:01Z') }));
    expect(requestEtag(request('/e?x=1'), inputs, { withoutQuery: true })).toBe(base);
  });
});
