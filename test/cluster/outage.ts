/**
 * Instance 3 while its database node is down: `/ready` must answer 503, and
 * routes that need the database 503 `rest_unavailable` with `Retry-After`, never 500 and never a
 * hang. A probe round every second for as long as the node is down: /ready, an event list, one
 * event, the categories, and a valid create (recorded with the load's requests, so the database
 * checks prove it left nothing behind).
 */
import { CheckResult, countBy, formatCounts } from '../load/checks';
import { HttpClient, HttpRequest, HttpResult } from '../load/http-client';
import { buildCreate } from '../load/requests';
import { Exchange, LoadState, NS, requestId } from '../load/workload';

interface Sample extends HttpResult {
  what: string;
  /** The service must say when to come back: a number of seconds or an HTTP date. */
  retryAfter?: string;
}

const ROUND_PAUSE_MS = 1_000;
const short = (text: string | undefined, max = 160) => (text === undefined ? '' : text.length > max ? `${text.slice(0, max)}...` : text);

function describe(sample: Sample): string {
  if (sample.error !== undefined) return `${sample.what}: ${sample.error} after ${(sample.endAt - sample.startedAt).toFixed(0)} ms`;
  const code = (sample.json as { code?: string } | undefined)?.code;
  return `${sample.what}: ${sample.status} ${code ?? short(sample.text, 80)}${sample.retryAfter !== undefined ? ` Retry-After: ${sample.retryAfter}` : ''}`;
}

export class OutageProbe {
  private readonly samples: Sample[] = [];
  private running = false;
  private loop?: Promise<void>;

  constructor(
    private readonly client: HttpClient,
    private readonly instance: string,
    private readonly state: LoadState,
    private readonly phase: string,
    /** An event that exists, to ask for by ID. */
    private readonly eventId: number | undefined,
  ) {}

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        await this.round();
        if (this.running) await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  get rounds(): number {
    return this.samples.filter((s) => s.what === '/ready').length;
  }

  private async send(what: string, request: HttpRequest): Promise<Sample> {
    const result = await this.client.send(request);
    const header = result.headers?.['retry-after'];
    const sample: Sample = { ...result, what, retryAfter: Array.isArray(header) ? header.join(',') : header };
    this.samples.push(sample);
    return sample;
  }

  private async round(): Promise<void> {
    const token = this.state.tokens.admin.token;
    await this.send('/ready', { method: 'GET', path: '/ready' });
    await this.send('GET events', { method: 'GET', path: `${NS}/events?per_page=5`, token });
    if (this.eventId !== undefined) await this.send('GET event', { method: 'GET', path: `${NS}/events/${this.eventId}`, token });
    await this.send('GET categories', { method: 'GET', path: `${NS}/categories?hide_empty=false`, token });
    const seq = (this.state.seq += 1);
    const built = buildCreate(this.state, seq, this.phase);
    const sample = await this.send('POST event', { ...built.request, requestId: requestId(seq) });
    const exchange: Exchange = {
      ...sample,
      seq,
      phase: this.phase,
      op: built.op,
      instance: this.instance,
      method: built.request.method,
      path: built.request.path,
      role: built.role,
      body: built.request.body as Record<string, unknown>,
      uniqueNames: built.uniqueNames,
    };
    // With the load's requests: "no row for a failed create" and "failed writes left nothing" cover it.
    this.state.exchanges.push(exchange);
  }

  /** Every answer while the node was down, by route and status. */
  tallyLine(): string {
    return formatCounts(countBy(this.samples, (s) => `${s.what} ${s.status ?? s.error}`));
  }

  checks(): CheckResult[] {
    const ready = this.samples.filter((s) => s.what === '/ready');
    const data = this.samples.filter((s) => s.what !== '/ready');
    const readyBad = ready.filter((s) => s.status !== 503);
    const dataBad = data.filter((s) => {
      const code = (s.json as { code?: string } | undefined)?.code;
      const retryOk = s.retryAfter !== undefined && (/^\d+$/.test(s.retryAfter.trim()) || !Number.isNaN(Date.parse(s.retryAfter)));
      return s.status !== 503 || code !== 'rest_unavailable' || !retryOk;
    });
    const examples = (bad: Sample[]) => {
      // One example per distinct answer, then the rest: the developers see every kind of failure.
      const seen = new Set<string>();
      const first = bad.filter((s) => {
        const key = `${s.what} ${s.status ?? s.error}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return first.map((s) => `${describe(s)}; body ${short(s.text)}`);
    };
    const summary = (list: Sample[], bad: Sample[]) =>
      `${list.length} answers in ${this.rounds} rounds, ${bad.length} wrong (${formatCounts(countBy(list, (s) => describe(s).replace(/ after \d+ ms$/, ''))) || 'none'})`;
    return [
      {
        name: `instance ${this.instance} answers /ready 503 while its node is down`,
        ok: ready.length > 0 && readyBad.length === 0,
        summary: ready.length === 0 ? 'FAILED; no probe was answered' : summary(ready, readyBad),
        examples: examples(readyBad),
      },
      {
        name: `instance ${this.instance} answers data routes 503 rest_unavailable with Retry-After while its node is down (never 500)`,
        ok: data.length > 0 && dataBad.length === 0,
        summary: data.length === 0 ? 'FAILED; no probe was answered' : summary(data, dataBad),
        examples: examples(dataBad),
      },
    ];
  }
}
