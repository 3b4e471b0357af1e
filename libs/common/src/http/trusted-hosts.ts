import type { AppConfig } from '@app/config';
import type { Request } from 'express';
import type { TLSSocket } from 'node:tls';

/** Trusted whatever ALLOWED_HOSTS says (docs/api-rules.md, Addresses and languages). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** A Host header: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(\[[\da-f:.]+\]|[a-z\d.-]+)(?::(\d{1,5}))?$/;

interface HostPattern {
  /** The exact host name, or for `*.example.org` the suffix `.example.org`. */
  name: string;
  wildcard: boolean;
  /** Only this port when given, else any. */
  port?: string;
}

/** `example.org`, `*.example.org`, `[::1]`, each optionally with `:port` (validated at start-up). */
export function toHostPattern(entry: string): HostPattern {
  const port = /:(\d{1,5})$/.exec(entry)?.[1];
  const host = port === undefined ? entry : entry.slice(0, -(port.length + 1));
  return host.startsWith('*.') ? { name: host.slice(1), wildcard: true, port } : { name: host, wildcard: false, port };
}

/**
 * The trusted-host rule of docs/api-rules.md, Addresses and languages: links use the scheme and host the client used only when
 * that host is SITE_URL's, a loopback name, or matches ALLOWED_HOSTS; any other Host is refused
 * before anything else runs. X-Forwarded-Host and -Proto count only from TRUST_PROXY's proxies
 * (Express's `trust proxy` setting decides that), and only http and https are ever used.
 */
export class TrustedHosts {
  private readonly patterns: HostPattern[];
  private readonly siteOrigin: string;

  constructor(config: Pick<AppConfig, 'siteUrl' | 'security'>) {
    const site = new URL(config.siteUrl);
    this.siteOrigin = site.origin;
    this.patterns = [site.hostname, ...LOOPBACK_HOSTS, ...config.security.allowedHosts].map(toHostPattern);
  }

  /**
   * `scheme://host` for the links of this request; SITE_URL's origin when the request names no
   * host (HTTP/1.0); undefined when the host is not trusted.
   */
  originOf(req: Request): string | undefined {
    const header = req.host;
    if (header === undefined || header === '') return this.siteOrigin;
    const host = header.toLowerCase();
    const match = HOST_HEADER.exec(host);
    if (!match || !this.trusts(match[1], match[2])) return undefined;
    return `${this.schemeOf(req)}://${host}`;
  }

  private trusts(name: string, port: string | undefined): boolean {
    return this.patterns.some((pattern) => matchesHostPattern(pattern, name, port));
  }

  /** X-Forwarded-Proto from a trusted proxy may say `https`; anything but http(s) falls back to the connection's. */
  private schemeOf(req: Request): 'http' | 'https' {
    const scheme = req.protocol.toLowerCase();
    if (scheme === 'http' || scheme === 'https') return scheme;
    return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  }
}

/** Whether a lower-case host name (IPv6 in brackets) and port match a pattern: `*.example.org` matches its subdomains only. */
export function matchesHostPattern(pattern: HostPattern, name: string, port: string | undefined): boolean {
  if (pattern.port !== undefined && pattern.port !== port) return false;
  return pattern.wildcard ? name.endsWith(pattern.name) && name.length > pattern.name.length : name === pattern.name;
}
