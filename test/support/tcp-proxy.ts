import { createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A TCP relay in front of a database server that a test can cut and restore: a stand-in for a
 * database node that is lost (every connection dropped, new ones refused) and comes back on the
 * same port.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  /** Client connections accepted since the proxy was created. */
  connections = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (on a free port the first time, on the same port after a cut). */
  async open(): Promise<void> {
    const server = createServer((client) => {
      this.connections++;
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** The node is lost: open connections drop, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
