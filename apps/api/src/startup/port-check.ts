import { createServer } from 'node:net';

/**
 * Whether the port can be bound, tried before the service does any work, so that a port in use
 * is reported in one line before anything claims the service started (listen() itself comes
 * only after the database and the start-up jobs). Resolves the error code, or undefined when free.
 */
export function probePort(port: number): Promise<string | undefined> {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'EUNKNOWN'));
    server.once('listening', () => server.close(() => resolve(undefined)));
    server.listen(port);
  });
}

/** The one line for a port the service cannot bind. */
export function portProblem(port: number, code: string): string {
  if (code === 'EADDRINUSE')
    return `Port ${port} is already in use (another instance, or another program): stop it or set PORT to a free port.`;
  if (code === 'EACCES') return `Port ${port} needs privileges this process does not have: set PORT to a port above 1023.`;
  return `Cannot listen on port ${port} (${code}): set PORT to another port.`;
}
