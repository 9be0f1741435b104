import { buildApp, type BuildOptions } from './app.ts';
import { resolveJwtSecret } from './auth/jwt-secret.ts';
import { TokenService } from './auth/tokens.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { ModuleContext } from './modules/module.ts';
import { startAuthNotifications } from './auth/auth-notifications.ts';
import { SessionCache } from './auth/session-cache.ts';
import { RunResultCache, resultCacheBytes } from './runs/result-cache.ts';
import { createRunService, type RunService } from './runs/run-service.ts';
import { seedDatabase } from './seed/index.ts';
import { CatalogCache, startCatalogNotifications } from './modules/deals/catalog-cache.ts';
import { RunDealCache } from './modules/deals/run-deal-cache.ts';
import type { SeededLogin } from './seed/seed-users.ts';
import { databaseReadiness, type ReadinessNote } from './ops/health.ts';
import { InstrumentedRunService } from './ops/instrumented-runs.ts';
import { Metrics } from './ops/metrics.ts';

/** Migrates and seeds an open database, then builds the app on it (used by main and by tests). */
export async function startApp(handle: DatabaseHandle, config: AppConfig, options: BuildOptions & { now?: () => Date; runs?: RunService } = {}) {
  await migrateToLatest(handle.db);
  const now = options.now ?? (() => new Date());
  const logins: SeededLogin[] = await seedDatabase({ db: handle.db, config, now: now() });
  const tokens = new TokenService(await resolveJwtSecret(handle.db, config.jwtSecret), config.tokenLifetimeSeconds);
  const configured = options.runs ?? await createRunService();
  const sessions = new SessionCache();
  const notifications = await startAuthNotifications(handle, sessions);
  const catalog = new CatalogCache();
  const runDeals = new RunDealCache();
  const runResults = new RunResultCache(resultCacheBytes());
  const stopCatalogNotifications = await startCatalogNotifications(handle, catalog, runDeals);
  const metrics = new Metrics({
    runs: configured,
    caches: () => ({ catalog: catalog.stats, run_deals: runDeals.stats, results: runResults.stats }),
    pool: () => handle.poolStats?.() ?? null,
  });
  const runs = new InstrumentedRunService(configured, metrics);
  // Modules add what /readyz reports beside readiness (the report sources' accounts).
  const notes: Record<string, ReadinessNote> = {};
  const ctx: ModuleContext = { db: handle.db, tokens, config, now, runs, authEvents: notifications.events, catalog, runDeals, runResults, copyOut: handle.copyOut, readinessNotes: notes };
  const readiness = { database: databaseReadiness(handle.db), runs: () => runs.readiness() };
  const app = await buildApp(ctx, sessions, { ...options, ops: { metrics, readiness, notes } });
  runs.useLogger(app.log);
  app.addHook('onClose', async () => { await notifications.stop(); await stopCatalogNotifications(); await runs.close(); });
  return { app, ctx, logins, sessions };
}
