import { ConfigError } from './config-error';
import { loadConfig } from './load-config';
import { parseAllowedHosts, parseTrustProxy } from './security-config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

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

  it.each(['proxy.internal', '10.0.0.0/33', 'fc00::/129', '10.0.0.0/8/8', '10.0.0.0/ff00::', ',', 'loopback, nope'])(
    'refuses %p, naming the variable',
    (raw) => {
      expect(problemsOf({ TRUST_PROXY: raw })).toEqual([expect.stringContaining('TRUST_PROXY')]);
    },
  );
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

  it.each(['*', 'https://example.org', 'example.org/', 'a.*.example.org', 'example.org:port', 'ex ample.org', 'user@example.org'])(
    'refuses %p, naming the variable',
    (raw) => {
      expect(problemsOf({ ALLOWED_HOSTS: raw })).toEqual([expect.stringContaining('ALLOWED_HOSTS')]);
    },
  );
});

describe('rate limits and Redis', () => {
  it.each([
    ['RATE_LIMIT_WINDOW', '0'],
    ['RATE_LIMIT_AUTH_FAILURES', '-1'],
    ['RATE_LIMIT_PASSWORD_FAILURES', 'ten'],
    ['RATE_LIMIT_WRITES', '1.5'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
  ])('refuses %s=%p', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([expect.stringContaining(name)]);
  });

  it('accepts 0 to turn a limit off', () => {
    expect(loadConfig({ RATE_LIMIT_WRITES: '0', RATE_LIMIT_AUTH_FAILURES: '0' }).security.rateLimits).toMatchObject({
      writes: 0,
      authFailures: 0,
    });
  });
});
