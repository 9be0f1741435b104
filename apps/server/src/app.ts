import { existsSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installAuth } from './auth/authenticate.ts';
import type { SessionCache } from './auth/session-cache.ts';
import { installErrorHandling, installNotFound } from './http/error-handler.ts';
import type { ModuleContext } from './modules/module.ts';
import { modules } from './modules/index.ts';

export interface BuildOptions {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | object;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

/** Builds the HTTP app: API under /api (OpenAPI at /api/docs), the web app at / with history fallback. */
export async function buildApp(ctx: ModuleContext, sessions: SessionCache, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 20 * 1024 * 1024, trustProxy: true })
    .withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  installAuth(app, ctx.db, ctx.tokens, sessions);

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
  await app.register(fastifyStatic, { root: webDist });
  return true;
}
