import { loadConfig } from './load-config';
import { parseAllowedHosts, parseTrustProxy } from './security-config';
import { itRefuses } from '../test/config-problems';

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['TRUE', true],
    ['1', 1],
    ['loopback', ['loopback']],
    ['loopback, linklocal,uniquelocal', ['loopback', 'linklocal', 'uniquelocal']],
    ['10.0.0.1, 10.0.0.0/8, 10.0.0.0/255.0.0.0', ['10.0.0.1', '10.0.0.0/8', '10.0.0.0/255.0.0.0']],
    ['::1, fc00::/7', ['::1', 'fc00::/7']],
  ])('reads %p as %p', (raw, expected) => {
    const problems: string[] = [];
    expect(parseTrustProxy(raw, problems)).toEqual(expected);
    expect(problems).toEqual([]);
  });

  const refused = ['proxy.internal', '10.0.0.0/33', 'fc00::/129', '10.0.0.0/8/8', '10.0.0.0/ff00::', ',', 'loopback, nope'];
  itRefuses(refused.map((raw) => ['TRUST_PROXY', raw]));
});

describe('ALLOWED_HOSTS', () => {
  it('reads a comma-separated list, lower-cased', () => {
    const problems: string[] = [];
    expect(parseAllowedHosts(' API.Example.org,*.example.net:8443 , 10.0.0.5, [::1]:8080,', problems)).toEqual([
      'api.example.org',
      '*.example.net:8443',
      '10.0.0.5',
      '[::1]:8080',
    ]);
    expect(problems).toEqual([]);
  });

  const refused = ['*', 'https://example.org', 'example.org/', 'a.*.example.org', 'example.org:port', 'ex ample.org', 'user@example.org'];
  itRefuses(refused.map((raw) => ['ALLOWED_HOSTS', raw]));
});

describe('rate limits and Redis', () => {
  itRefuses([
    ['RATE_LIMIT_WINDOW', '0'],
    ['RATE_LIMIT_AUTH_FAILURES', '-1'],
    ['RATE_LIMIT_PASSWORD_FAILURES', 'ten'],
    ['RATE_LIMIT_WRITES', '1.5'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
  ]);

  it('accepts 0 to turn a limit off', () => {
    expect(loadConfig({ RATE_LIMIT_WRITES: '0', RATE_LIMIT_AUTH_FAILURES: '0' }).security.rateLimits).toMatchObject({
      writes: 0,
      authFailures: 0,
    });
  });
});
