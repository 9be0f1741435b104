import { startApp } from './bootstrap.ts';
import { warmUpEngine } from './runs/engine-warm-up.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seededLoginLines, withdrawUnshownLogins } from './seed/seed-users.ts';
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

  installGracefulStop(app, { graceMs: config.ops.shutdownGraceMs, afterClose: () => handle.close() });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Nothing was served, so the generated demo passwords were never shown: unset them (the next
    // start makes and prints new ones) instead of losing them with this failed start (issue 32 §8c).
    await withdrawUnshownLogins(handle.db, logins);
    if (logins.some((l) => l.generated)) console.error('OpenCRT: the demo logins were not shown; the next start that listens creates and prints them.');
    await app.close();
    await handle.close();
    throw error;
  }
  console.log(`OpenCRT listening on http://localhost:${config.port} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // The one-time logins only once the server listens: a start that fails never shows (and loses) them.
  for (const line of seededLoginLines(logins)) console.log(line);
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
