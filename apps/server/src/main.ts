import { startApp } from './bootstrap.ts';
import { warmUpEngine } from './runs/engine-warm-up.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seededLoginLines } from './seed/seed-users.ts';
import { installGracefulStop } from './ops/graceful-stop.ts';
import { loggerOptions } from './ops/logging.ts';

/** Composition root: configuration → database → migrations and demo data → HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  const { app, ctx, logins } = await startApp(handle, config, { serveWeb: true, logger: loggerOptions() });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`OpenCRT database: ${where}`);
  for (const line of seededLoginLines(logins)) console.log(line);

  installGracefulStop(app, { graceMs: config.ops.shutdownGraceMs, afterClose: () => handle.close() });

  await app.listen({ port: config.port, host: config.host });
  console.log(`OpenCRT listening on http://localhost:${config.port} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // The engine warms up in the background (runs/engine-warm-up.ts); requests are served meanwhile.
  if (config.ops.warmUpEngine) {
    warmUpEngine(ctx).then(
      (report) => console.log(report
        ? `OpenCRT engine warmed up: ${report.runs} runs of ${report.dealName} in ${(report.ms / 1000).toFixed(1)} s`
        : 'OpenCRT engine warm-up skipped: no STACR deal in the catalogue'),
      (error: unknown) => console.log(`OpenCRT engine warm-up failed (runs are not affected): ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

main().catch((error: unknown) => {
  console.error('OpenCRT failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
