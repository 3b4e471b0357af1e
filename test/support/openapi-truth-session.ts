import type TestAgent from 'supertest/lib/agent';
import { IndexValidator } from './index-truth';
import { DocumentValidator, Exchange } from './openapi-truth';
import { NS } from './test-app';

/** How a request carries its body. */
/** A form field given a list is sent repeated (`venue[]=1&venue[]=2` for the name `venue[]`). */
export type Body = { json: unknown } | { form: Record<string, string | string[]> } | { raw: string; type: string };

export interface Send {
  query?: string;
  headers?: Record<string, string>;
  body?: Body;
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * Sends requests under one language prefix and checks each exchange against the served document
 * (and the namespace index, when given); collects what breaks them and which status each operation
 * answered.
 */
export class TruthSession {
  readonly problems: string[] = [];
  /** `operationId status` of every answer. */
  readonly answered = new Set<string>();
  sent = 0;

  constructor(
    private readonly validator: DocumentValidator,
    private readonly prefix: string,
    private readonly index?: IndexValidator,
  ) {}

  async send(http: TestAgent, method: string, path: string, options: Send = {}): Promise<Exchange> {
    const url = `${this.prefix}${NS}${path}${options.query ? `?${options.query}` : ''}`;
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.body && 'json' in options.body) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body.json);
    } else if (options.body && 'form' in options.body) {
      headers['Content-Type'] = FORM;
      body = new URLSearchParams(
        Object.entries(options.body.form).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => [name, item])),
      ).toString();
    } else if (options.body) {
      headers['Content-Type'] = options.body.type;
      body = options.body.raw;
    }
    let request = http[method.toLowerCase() as 'get'](url).set(headers);
    if (body !== undefined) request = request.send(body);
    const response = await request;
    const exchange: Exchange = {
      method: method.toUpperCase(),
      url,
      headers,
      body,
      status: response.status,
      responseHeaders: response.headers as Record<string, string>,
      responseBody: response.body as unknown,
      responseText: response.text ?? '',
    };
    this.sent += 1;
    const { operationId, problems } = this.validator.check(exchange);
    if (this.index) problems.push(...this.index.check(exchange));
    if (operationId) this.answered.add(`${operationId} ${exchange.status}`);
    const shown = body && body.length > 200 ? `${body.slice(0, 60)}… (${body.length} bytes)` : body;
    for (const problem of problems) this.problems.push(`${exchange.method} ${url} ${shown ?? ''} → ${exchange.status}: ${problem}`);
    return exchange;
  }

  /** Sends and insists on the status, so a request set that stops provoking an answer is noticed. */
  async expect(status: number, http: TestAgent, method: string, path: string, options: Send = {}): Promise<Exchange> {
    const exchange = await this.send(http, method, path, options);
    if (exchange.status !== status) {
      this.problems.push(
        `${method} ${exchange.url}: expected ${status}, got ${exchange.status} ${exchange.responseText.slice(0, 300)} (the request set is out of date)`,
      );
    }
    return exchange;
  }
}
