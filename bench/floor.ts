import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { join } from 'node:path';
import { onCleanup, stopChild } from './cleanup';
import type { RecordedResponse } from './floor-server';

/** Headers the floor server's own `node:http` writes for every response (or that describe one connection). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET as the service answers it, with the header names as sent. */
export async function recordResponse(origin: string, path: string): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers: Record<string, string | string[]> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const [name, value] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
          if (CONNECTION_HEADERS.has(name.toLowerCase())) continue;
          const previous = headers[name];
          headers[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
        }
        resolve({ status: res.statusCode ?? 0, headers, bodyBase64: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The floor server (floor-server.ts) as a child process. */
export class FloorServer {
  private child?: ChildProcess;
  private unregister?: () => void;
  origin = '';

  async start(recorded: RecordedResponse): Promise<void> {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'floor-server.ts')], {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.unregister = onCleanup('the floor server', () => stopChild(child, 2_000));
    const answer = once(child, 'message');
    const exit = once(child, 'exit').then(([code]) => {
      throw new Error(`The floor server exited with code ${code} before listening.`);
    });
    child.send(recorded);
    const [message] = (await Promise.race([answer, exit])) as [{ port: number }];
    this.origin = `http://127.0.0.1:${message.port}`;
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    await stopChild(this.child, 2_000);
    this.unregister?.();
  }
}
