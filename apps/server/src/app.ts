import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Server } from 'node:http';
import type { ZodType } from 'zod';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installAuth } from './auth/authenticate.ts';
import type { SessionCache } from './auth/session-cache.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling, installNotFound } from './http/error-handler.ts';
import { installRequestGuards } from './http/request-guards.ts';
import { DYNAMIC_BROTLI_QUALITY } from './http/answer-encoding.ts';
import { installSecurityHeaders, securityHeaderOptions } from './http/security-headers.ts';
import { bindKeys } from './http/request-keys.ts';
import type { ModuleContext } from './modules/module.ts';
import { modules } from './modules/index.ts';
import { mayChangeCatalog } from './modules/deals/catalog-cache.ts';
import { installHealth, type ReadinessCheck, type ReadinessNote } from './ops/health.ts';
import { AccessLog } from './ops/logging.ts';
import { installMetrics, type Metrics } from './ops/metrics.ts';
import { installRequestContext, requestIdOf } from './ops/request-context.ts';

export interface BuildOptions {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | object;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** GET /metrics and GET /readyz: what they report (bootstrap builds them). */
  ops?: { metrics: Metrics; readiness: Record<string, ReadinessCheck>; notes?: Record<string, ReadinessNote> };
}

/** Builds the HTTP app: API under /api (OpenAPI at /api/docs), the web app at / with history fallback. */
export async function buildApp(ctx: ModuleContext, sessions: SessionCache, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { trustProxy } = ctx.config;
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? false,
    bodyLimit: 20 * 1024 * 1024,
    // A hop count trusts that many proxies nearest to us (Fastify's typing wants it as a function).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // A client must deliver its whole request (headers and body) within a minute
    // (OPENCRT_REQUEST_TIMEOUT_MS); slow-sending clients would otherwise hold connections open for
    // good. Answers may take longer (runs). Node 20 applies the limit to a request's body only when
    // it is given to http.createServer (Fastify sets it on the server afterwards, which left
    // trickled bodies uncut for good), and checks every connectionsCheckingInterval (30 s by
    // default): both go in the server's options, checking every second.
    requestTimeout: ctx.config.ops.requestTimeoutMs,
    http: {
      requestTimeout: ctx.config.ops.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(ctx.config.ops.requestTimeoutMs / 4)),
    },
    // JSON log lines carry the request id (the caller's X-Request-Id when it is a short token);
    // LOG_LEVEL=info gives one access-log line per request (ops/logging.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new AccessLog(),
    // Bad percent-encoding and HTTP parser failures get the same `{ Message }` body as everything else.
    frameworkErrors,
    clientErrorHandler,
  };
  const app = Fastify(serverOptions)
    .withTypeProvider<ZodTypeProvider>();
  // Bodies are bound case-insensitively (camelCase or PascalCase) before the zod check; see request-keys.ts.
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => validate(bindKeys(route.schema, data)) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);
  installRequestContext(app);
  installErrorHandling(app);
  installRequestGuards(app);
  await app.register(helmet, securityHeaderOptions);
  installSecurityHeaders(app);

  // br or gzip for every response above 1 kB (JSON results run to megabytes). Brotli quality 4
  // (answer-encoding.ts; /simulate answers arrive compressed by the run worker already):
  // on-the-fly compression must cost less than it saves; the web app's files come precompressed
  // at quality 11 from the build (apps/web/scripts/precompress.mjs) and are sent as they are.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'OpenCRT API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Public on purpose (README "API"): the document describes shapes only; calls still need a token.
  // No validator badge: it would load an image from validator.swagger.io, outside the CSP.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
  // Probes and metrics at the root, where operators look for them (README "Operations").
  if (options.ops) {
    installHealth(app, options.ops.readiness, options.ops.notes);
    installMetrics(app, options.ops.metrics, ctx.config.ops.metricsToken);
  }
  installAuth(app, ctx.db, ctx.tokens, sessions);
  // This replica's own deal or assignment changes clear its catalog cache before the answer leaves
  // (the database notice that tells the other replicas may come a moment later).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (mayChangeCatalog(request.method, request.url, request.user?.roles)) {
      ctx.catalog.clear();
      ctx.runDeals.clear();
    }
    return payload;
  });

  await app.register(async (api) => {
    for (const module of modules) await module.register(api, ctx);
  }, { prefix: '/api' });

  installNotFound(app, options.serveWeb === true && (await serveWebApp(app, ctx.config.webDist)));
  return app;
}

/** Static files of the built web app; false when it has not been built. */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    console.warn(`web app not built (${index} missing): run "npm run build"`);
    return false;
  }
  // Wildcard serving finds files built after start too; a missing file falls through to the not-found handler.
  await app.register(fastifyStatic, {
    root: webDist,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite names files under /assets by content hash: a changed file is a new URL, so browsers may
      // keep them for good. Everything else (index.html first) must be revalidated on every load.
      const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
