import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthEvents } from '../auth/auth-events.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { RunResultCache } from '../runs/result-cache.ts';
import type { RunService } from '../runs/run-service.ts';
import type { CatalogCache } from './deals/catalog-cache.ts';
import type { RunDealCache } from './deals/run-deal-cache.ts';

/** What every feature module gets: the database, the token service, the configuration, a clock and the run service. */
export interface ModuleContext {
  db: Db;
  /** Every engine computation goes through it (worker threads / queue), never the event loop. */
  runs: RunService;
  tokens: TokenService;
  /** Call after changing a user's roles, enabled flag, password or sessions. */
  authEvents: AuthEvents;
  /** Each user's catalog rows in memory (GET /deals), forgotten on any change of deals or assignments. */
  catalog: CatalogCache;
  /** What runs read about deals (assignment, structure, state at a date), forgotten with the catalog. */
  runDeals: RunDealCache;
  /** Answers of finished deal runs by their complete input (runs/result-cache.ts). */
  runResults: RunResultCache;
  config: AppConfig;
  now: () => Date;
  /** The embedded database only (PGlite): rows of a query in binary COPY format, read without a round of JSON. */
  copyOut?: ((query: string) => Promise<Uint8Array>) | undefined;
  /** What GET /readyz reports beside readiness, by name: a module adds its entry (ops/health.ts ReadinessNote). */
  readinessNotes?: Record<string, () => Promise<unknown>> | undefined;
}

/** The Fastify instance modules register on: prefixed with /api, zod-typed. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature module registers its routes (paths relative to /api) on the given instance. */
export interface ApiModule {
  name: string;
  register(api: Api, ctx: ModuleContext): void | Promise<void>;
}
