import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Checks every request makes before any route sees it. PostgreSQL cannot store a NUL character in
 * text or jsonb, so a NUL that reached a query used to fail there with a 500; refusing it here, once,
 * covers every route, present and future (path, query and body alike).
 */
export const NUL_MESSAGE = 'The request contains a NUL character (\\u0000), which no field accepts.';

/** A 4xx error the central handler turns into `{ Message }` (or OAuth's shape at /oauth/token). */
export function clientError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}

/** Deepest JSON nesting inspected; bodies nest a few levels, a deeper one is refused as malformed. */
const MAX_DEPTH = 64;

/** True when a parsed body holds a NUL in any string or key. Throws on absurd nesting. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  // Only parsed JSON is inspected: a streamed upload (the loan-data file body) is a stream object, whose
  // internals are not request fields (walking them refused every browser upload as "nested too deeply").
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  if (depth > MAX_DEPTH) throw clientError(400, 'The request body is nested too deeply.');
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/** The raw URL carries NUL as %00 (or, through inject, literally). */
function urlHoldsNul(request: FastifyRequest): boolean {
  return /%00/i.test(request.url) || request.url.includes('\0');
}

export function installRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (urlHoldsNul(request)) throw clientError(400, NUL_MESSAGE);
  });
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body)) throw clientError(400, NUL_MESSAGE);
  });
}
