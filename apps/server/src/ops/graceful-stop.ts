import type { FastifyInstance } from 'fastify';

export interface StopOptions {
  /** How long in-flight requests (runs) may take (OPENCRT_SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /** Closes what the app does not own (the database), after the app. */
  afterClose: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * SIGTERM / SIGINT: stop accepting connections at once, let the requests in flight (runs included)
 * finish, then close the app (run pool or queue connections, notification listeners) and the
 * database and exit 0. Past the grace period the process exits 1 without waiting further.
 * Connections left idle by a finished request are closed as they go idle (a keep-alive socket
 * would otherwise hold the server open for its whole keep-alive timeout).
 */
export function installGracefulStop(app: FastifyInstance, options: StopOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.log.warn({ signal, graceMs: options.graceMs }, 'stopping: no new connections; requests in flight may finish');
    const force = setTimeout(() => {
      app.log.error({ graceMs: options.graceMs }, 'stopping: requests still in flight after the grace period; exiting');
      exit(1);
    }, options.graceMs);
    force.unref();
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      await options.afterClose();
      app.log.warn({ ms: Date.now() - started }, 'stopped');
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'stopping failed');
      exit(1);
    } finally {
      clearInterval(idle);
      clearTimeout(force);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
