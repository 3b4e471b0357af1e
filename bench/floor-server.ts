/**
 * The floor of the throughput figures: a plain `node:http` server, in a process of its own like the
 * service, that answers every request with one recorded response (status, headers and body). What
 * it reaches is what this machine, this Node and autocannon allow at all; the service's figures are
 * read as shares of it.
 *
 * Run as a child with an IPC channel (see `FloorServer`): it receives the response, listens on a
 * free loopback port and sends that port back; it exits when the parent disconnects or signals.
 */
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';

export interface RecordedResponse {
  status: number;
  /** Header names as the service sent them; values joined when repeated. */
  headers: Record<string, string | string[]>;
  bodyBase64: string;
}

function serve(recorded: RecordedResponse): void {
  const body = Buffer.from(recorded.bodyBase64, 'base64');
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(recorded.status, recorded.headers);
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
}

if (require.main === module) {
  if (!process.send) {
    console.error('floor-server.ts runs as a child of bench/run-bench.ts (it needs an IPC channel).');
    process.exit(2);
  }
  process.once('message', (message) => serve(message as RecordedResponse));
  process.once('disconnect', () => process.exit(0));
}
