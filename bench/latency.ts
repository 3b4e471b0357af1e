/**
 * Latency mode: one client, one request at a time over one keep-alive connection. Each kind of
 * LATENCY_KINDS gets WARM_UP requests first, then `samples` measured ones; the kinds take turns in a
 * new random order each round, so a change in the machine's load spreads over all of them.
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Catalogue } from './catalogue';
import { never, wasInterrupted } from './cleanup';
import { LATENCY_KINDS, NS } from './kinds';
import { percentile } from './measure';

const WARM_UP = 2;

interface LatencyKindFigures {
  name: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  /** Mean response body size. */
  meanBytes: number;
  failures: number;
  example: string;
}

export interface LatencyFigures {
  samplesPerKind: number;
  warmUpPerKind: number;
  loadBefore: number[];
  loadAfter: number[];
  kinds: LatencyKindFigures[];
  /** Non-2xx answers and errors, with the path. */
  failureDetails: string[];
}

interface Sample {
  ms: number;
  status: number;
  bytes: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Time from sending the request to the last byte of the body. */
function timedGet(url: string, timeoutMs: number): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, timeout: timeoutMs }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('error', reject);
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, bytes }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function measureLatency(
  origin: string,
  catalogue: Catalogue,
  samples: number,
  timeoutSeconds: number,
  skipKinds: readonly string[] = [],
): Promise<LatencyFigures> {
  const kinds = LATENCY_KINDS.filter((kind) => !skipKinds.some((part) => kind.name.includes(part)));
  const results = new Map(kinds.map((kind) => [kind.name, { samples: [] as Sample[], failures: 0, example: '' }]));
  const failureDetails: string[] = [];
  const loadBefore = loadavg().map(round2);
  const rounds = WARM_UP + samples;
  for (let round = 0; round < rounds; round++) {
    for (const kind of shuffled(kinds)) {
      if (wasInterrupted()) await never();
      const path = `${NS}${kind.path(catalogue)}`;
      const entry = results.get(kind.name) as { samples: Sample[]; failures: number; example: string };
      entry.example ||= path;
      let sample: Sample;
      try {
        sample = await timedGet(`${origin}${path}`, timeoutSeconds * 1000);
      } catch (error) {
        entry.failures++;
        failureDetails.push(`GET ${path}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (sample.status < 200 || sample.status > 299) {
        entry.failures++;
        failureDetails.push(`GET ${path}: ${sample.status}`);
      } else if (round >= WARM_UP) {
        entry.samples.push(sample);
      }
    }
    if (process.stdout.isTTY) process.stdout.write(`  round ${round + 1}/${rounds}\r`);
  }
  agent.destroy();
  return {
    samplesPerKind: samples,
    warmUpPerKind: WARM_UP,
    loadBefore,
    loadAfter: loadavg().map(round2),
    failureDetails,
    kinds: kinds.map((kind) => {
      const entry = results.get(kind.name) as { samples: Sample[]; failures: number; example: string };
      const ms = entry.samples.map((s) => s.ms);
      const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
      return {
        name: kind.name,
        samples: ms.length,
        p50Ms: round2(percentile(ms, 50)),
        p99Ms: round2(percentile(ms, 99)),
        meanMs: round2(mean(ms)),
        maxMs: round2(ms.length === 0 ? 0 : Math.max(...ms)),
        meanBytes: Math.round(mean(entry.samples.map((s) => s.bytes))),
        failures: entry.failures,
        example: entry.example,
      };
    }),
  };
}
