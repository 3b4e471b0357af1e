import { isIP } from 'node:net';

/** Express's `trust proxy` setting as validated: nobody (default), everybody, a hop count, or addresses. */
type TrustProxy = boolean | number | string[];

/** Requests allowed per window; 0 turns a limit off. */
export interface RateLimits {
  windowSeconds: number;
  /** Bad credentials (unknown, revoked or malformed tokens) per client address and per user name. */
  authFailures: number;
  /** Wrong passwords of protected records per client address and per signed-in user. */
  passwordFailures: number;
  /** POST, PUT, PATCH and DELETE requests per token. */
  writes: number;
}

/** Trusted hosts, proxies and rate limits (README, Security; docs/api-rules.md, Addresses and languages). */
export interface SecurityConfig {
  /** Host patterns trusted besides SITE_URL's host and the loopback names, lower-case. */
  allowedHosts: string[];
  trustProxy: TrustProxy;
  rateLimits: RateLimits;
  /** Redis shared by every instance for the rate-limit counters; in-process counters when unset. */
  redisUrl?: string;
  /** Prefix of every Redis key, so that several services (or test runs) can share one Redis. */
  redisKeyPrefix: string;
}

type Env = Record<string, string | undefined>;

const PORT = String.raw`(?::\d{1,5})?`;
/** `example.org`, `*.example.org`, `10.0.0.5`, `[::1]`, each optionally with `:port`. */
const HOST_PATTERN = new RegExp(String.raw`^(?:(?:\*\.)?[a-z\d-]+(?:\.[a-z\d-]+)*|\[[\da-f:.]+\])${PORT}$`);
const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** An address or subnet as Express's `trust proxy` takes it: `10.0.0.1`, `10.0.0.0/8`, `fc00::/7`, `10.0.0.0/255.0.0.0`. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

export function parseTrustProxy(raw: string, problems: string[]): TrustProxy {
  const value = raw.toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = splitList(value);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY must be false, true, a hop count, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal (got "${raw}")`,
    );
    return false;
  }
  return entries;
}

export function parseAllowedHosts(raw: string, problems: string[], variable = 'ALLOWED_HOSTS'): string[] {
  const hosts = splitList(raw.toLowerCase());
  for (const host of hosts) {
    if (!HOST_PATTERN.test(host)) {
      problems.push(
        `${variable} must be a comma-separated list of hosts such as api.example.org, *.example.org or [::1]:8080 (got "${host}")`,
      );
    }
  }
  return hosts;
}

/**
 * ALLOWED_HOSTS, TRUST_PROXY, the RATE_LIMIT_* variables and REDIS_URL. `integer` is load-config's
 * validated integer reader, so every bad variable is reported the same way.
 */
export function loadSecurityConfig(
  env: Env,
  problems: string[],
  integer: (name: string, fallback: number, min: number, max: number) => number,
): SecurityConfig {
  const text = (name: string) => (env[name] ?? '').trim();
  const redisUrl = text('REDIS_URL');
  if (redisUrl !== '' && !/^rediss?:\/\/\S+$/.test(redisUrl)) {
    problems.push(`REDIS_URL must be a redis:// or rediss:// URL (got "${redisUrl}")`);
  }
  return {
    allowedHosts: parseAllowedHosts(text('ALLOWED_HOSTS'), problems),
    trustProxy: parseTrustProxy(text('TRUST_PROXY'), problems),
    rateLimits: {
      windowSeconds: integer('RATE_LIMIT_WINDOW', 60, 1, 86_400),
      authFailures: integer('RATE_LIMIT_AUTH_FAILURES', 10, 0, 1_000_000),
      passwordFailures: integer('RATE_LIMIT_PASSWORD_FAILURES', 10, 0, 1_000_000),
      writes: integer('RATE_LIMIT_WRITES', 300, 0, 1_000_000),
    },
    redisUrl: redisUrl === '' ? undefined : redisUrl,
    redisKeyPrefix: text('REDIS_KEY_PREFIX') || 'calendar:',
  };
}
