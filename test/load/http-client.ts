import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpResult {
  /** performance.now() when the request was handed to the socket layer. */
  startedAt: number;
  /** performance.now() when the last byte of the request was written (undefined: never fully sent). */
  sentAt?: number;
  /** performance.now() when the response headers arrived. */
  headersAt?: number;
  endAt: number;
  /** Whether the request went out on a keep-alive socket that had carried an earlier request. */
  reusedSocket: boolean;
  /** For a reused socket: how long it had been idle since its previous answer ended. */
  socketIdleMs?: number;
  status?: number;
  headers?: Record<string, string | string[] | undefined>;
  text?: string;
  json?: unknown;
  /** Network failure: ECONNRESET, ECONNREFUSED, socket hang up (ECONNRESET too), ETIMEDOUT, ... */
  error?: string;
}

export interface HttpRequest {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  /** Sent as X-Request-Id: the service logs it with every failure, so a 500 can be matched to its cause. */
  requestId?: string;
  /** Called once the last byte of the request has been handed to the socket. */
  onSent?: () => void;
}

/** A keep-alive HTTP/1.1 client of one instance that records when each step of an exchange happened. */
export class HttpClient {
  readonly agent: Agent;
  /** The server's last `Keep-Alive` response header (e.g. `timeout=5`). */
  keepAliveHint?: string;
  private readonly freedAt = new WeakMap<Socket, number>();

  constructor(
    readonly port: number,
    private readonly timeoutMs: number,
  ) {
    // With a `timeout` set, Node's agent honours the server's `Keep-Alive: timeout=N` hint and drops
    // an idle socket a second before the server would, so the client causes no keep-alive race.
    this.agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: timeoutMs });
  }

  send(req: HttpRequest): Promise<HttpResult> {
    const payload = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (req.token) headers.Authorization = `Bearer ${req.token}`;
    if (req.requestId) headers['X-Request-Id'] = req.requestId;
    if (payload) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(payload.length);
    }
    const result: HttpResult = { startedAt: performance.now(), endAt: 0, reusedSocket: false };
    return new Promise((resolve) => {
      let settled = false;
      const finish = (error?: NodeJS.ErrnoException) => {
        if (settled) return;
        settled = true;
        result.endAt = performance.now();
        if (error) result.error = error.code ?? error.message;
        resolve(result);
      };
      const client = request(
        { host: '127.0.0.1', port: this.port, method: req.method, path: req.path, headers, agent: this.agent },
        (res) => {
          result.headersAt = performance.now();
          result.status = res.statusCode;
          result.headers = res.headers;
          const hint = res.headers['keep-alive'];
          if (typeof hint === 'string') this.keepAliveHint = hint;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error: NodeJS.ErrnoException) => finish(error));
          res.on('aborted', () => finish(Object.assign(new Error('response aborted'), { code: 'ECONNRESET' })));
          res.on('end', () => {
            result.text = Buffer.concat(chunks).toString('utf8');
            try {
              result.json = result.text === '' ? undefined : JSON.parse(result.text);
            } catch {
              result.json = undefined;
            }
            // A response cut off before its declared length ends with 'aborted' first; this is the complete case.
            if (client.socket) this.freedAt.set(client.socket, performance.now());
            finish();
          });
        },
      );
      client.on('socket', (socket: Socket) => {
        result.reusedSocket = client.reusedSocket;
        const freed = this.freedAt.get(socket);
        if (client.reusedSocket && freed !== undefined) result.socketIdleMs = performance.now() - freed;
      });
      client.on('finish', () => {
        result.sentAt = performance.now();
        req.onSent?.();
      });
      client.setTimeout(this.timeoutMs, () => client.destroy(Object.assign(new Error('request timed out'), { code: 'ETIMEDOUT' })));
      client.on('error', (error: NodeJS.ErrnoException) => finish(error));
      client.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
