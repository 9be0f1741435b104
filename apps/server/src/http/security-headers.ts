import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers of every response (helmet): nosniff, a Referrer-Policy, no framing, and a
 * Content-Security-Policy the built web app and Swagger UI work under:
 * - scripts only from this origin (Vite emits module files, no inline script);
 * - styles from this origin plus inline: AG Grid injects its theme as <style> elements at run time;
 * - images from this origin, data: and blob: (ECharts' "save as image", the data: favicon);
 * - no plugins, no framing by other sites (frame-ancestors), forms and base URL only to this origin.
 * No upgrade-insecure-requests: plain-HTTP installations (localhost, intranet) must keep working.
 * HSTS is sent only when the request came over TLS (see installSecurityHeaders), never over HTTP.
 */
export const securityHeaderOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
  // Documents opened from the app (exports, downloads) need no cross-origin isolation.
  crossOriginEmbedderPolicy: false,
};

/** One year, as HSTS preload lists ask. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Per-response headers helmet cannot decide:
 * - Strict-Transport-Security only over HTTPS (request.protocol honours TRUST_PROXY's X-Forwarded-Proto);
 * - API JSON is never cached (it is per user: deals assigned, saved scenarios, tokens), unless the
 *   route set its own Cache-Control.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const type = String(reply.getHeader('content-type') ?? '');
    if (isApi && type.startsWith('application/json') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
