import { INestApplication, Logger } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, Socket } from 'node:net';
import { ShutdownState } from './shutdown-state';

/** Resolves in the check phase after the event loop's next poll for I/O (accepts, reads). */
const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface GracefulShutdownOptions {
  /** Longest wait for requests in flight (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  signals?: NodeJS.Signals[];
  /** How the process ends; tests pass their own. */
  exit?: (code: number) => void;
}

interface GracefulShutdown {
  /** What a signal triggers; resolves once the application is closed and `exit` was called. */
  begin(reason: string): Promise<void>;
}

/**
 * Shutdown on SIGTERM/SIGINT without dropping accepted work:
 * 1. at once `/ready` answers 503 (ShutdownState) and every response from then on carries
 *    `Connection: close`, so a kept-alive client opens its next connection elsewhere;
 * 2. the listener stays open while requests are in flight and connections arrive: a load balancer
 *    probing `/ready` on new connections learns of the shutdown, and a request already on its way
 *    is still answered;
 * 3. then the listener closes, and the process waits for its open connections to end by
 *    themselves: each closes after its answer, an idle kept-alive one when its keep-alive timeout
 *    (the one announced to the client) runs out. A request already written to a connection is
 *    answered, never cut off by a reset;
 * 4. Nest's shutdown hooks close the database connections and the process exits 0; when
 *    `timeoutMs` passes first, the remaining connections are closed, and the exit code is 1 if
 *    that cut requests off.
 * A second signal while draining changes nothing (the timeout bounds the wait).
 */
export function installGracefulShutdown(app: INestApplication, options: GracefulShutdownOptions): GracefulShutdown {
  const logger = new Logger('Shutdown');
  const server = app.getHttpServer() as Server;
  const state = app.get(ShutdownState);
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const inFlight = new Set<ServerResponse>();
  const connections = new Set<Socket>();
  let accepted = 0;
  let changed: (() => void) | undefined;

  server.on('connection', (socket: Socket) => {
    accepted += 1;
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      changed?.();
    });
  });
  // Prepended, so it runs before Express writes anything.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    if (state.draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      inFlight.delete(response);
      changed?.();
    });
  });

  /** Resolves true once `done()` holds, false at the deadline. */
  const until = (done: () => boolean, deadline: number): Promise<boolean> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(done()), Math.max(0, deadline - Date.now()));
      changed = () => {
        if (!done()) return;
        clearTimeout(timer);
        resolve(true);
      };
      changed();
    });

  let started: Promise<void> | undefined;
  const begin = (reason: string): Promise<void> => (started ??= drainAndExit(reason));

  async function drainAndExit(reason: string): Promise<void> {
    const deadline = Date.now() + options.timeoutMs;
    state.begin();
    for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
    logger.log(`${reason}: not ready any more; waiting for ${inFlight.size} request(s) in flight (at most ${options.timeoutMs} ms)`);
    // Connections clients opened before now may still wait in the kernel's accept queue (Node
    // takes one from it per turn of the event loop); closing the listener would reset them. So it
    // closes once nothing is in flight and two turns accepted nothing new, at the latest half-way
    // to the deadline, leaving the other half to what was accepted.
    const listenUntil = Date.now() + options.timeoutMs / 2;
    for (let quietTurns = 0; quietTurns < 2 && Date.now() < listenUntil; ) {
      if (inFlight.size > 0) {
        await until(() => inFlight.size === 0, listenUntil);
        quietTurns = 0;
        continue;
      }
      const acceptedBefore = accepted;
      await nextLoopTurn();
      quietTurns = accepted === acceptedBefore ? quietTurns + 1 : 0;
    }
    // net.Server's close: stop accepting only. http.Server's own close would also drop idle
    // connections, and a request a client has just written to one of them with it.
    NetServer.prototype.close.call(server);
    const drained = await until(() => connections.size === 0, deadline);
    const cutOff = inFlight.size;
    if (!drained) {
      logger.warn(`${cutOff} request(s) still running after ${options.timeoutMs} ms; closing every connection`);
      server.closeAllConnections();
    }
    let code = cutOff === 0 ? 0 : 1;
    try {
      await app.close();
    } catch (error) {
      logger.error(`closing the application failed: ${error instanceof Error ? error.message : String(error)}`);
      code = 1;
    }
    logger.log(`stopped (exit code ${code})`);
    exit(code);
  }

  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as NodeJS.Signals[])) {
    process.on(signal, () => void begin(signal));
  }
  return { begin };
}
