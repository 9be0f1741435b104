import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The log field every request's lines carry (and the run workers' lines of its runs). */
export const REQUEST_ID_LABEL = 'requestId';

/**
 * One access-log line per request at info (LOG_LEVEL=info), written when the answer has gone:
 * method, path, route template, status, milliseconds, client address. Fastify's own pair of
 * "incoming request" / "request completed" lines is replaced by it. The request id comes from the
 * request's child logger, as on every other line about the request.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: REQUEST_ID_LABEL });
  }

  override incomingRequest(): void {
    // The completed line says everything; a second line per request only doubles the volume.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // Probes come every few seconds from the orchestrator: debug, not access-log noise.
    else if (line.route === '/healthz' || line.route === '/readyz') reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }
}

/**
 * Pino options for the server: JSON lines with the level by name and ISO times (as the run
 * workers write them), the level from LOG_LEVEL (default warn).
 */
export function loggerOptions(level = process.env.LOG_LEVEL || 'warn') {
  return {
    level,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label: string) => ({ level: label }) },
  };
}
