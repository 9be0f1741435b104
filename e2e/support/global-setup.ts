import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium.ts';
import { startMailSink } from './mail-sink.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    passwords: { admin: string; analyst: string; user: string };
    /** Folder where the test SMTP server writes each message the app sends (one JSON file each). */
    mailDir: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PASSWORDS = { admin: 'e2e-admin-pass-1', analyst: 'e2e-analyst-pass-1', user: 'e2e-user-pass-1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real server (built web app, fresh embedded database, known passwords) once for the
 * e2e files and stops it afterwards. A missing Chromium is an error, never a skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" (the e2e tests need it)`);
  }
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the web app failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'opencrt-e2e-'));
  const port = await freePort();
  // Its own folder: the server's DATA_DIR belongs to the database.
  const mailDir = mkdtempSync(path.join(tmpdir(), 'opencrt-e2e-mail-'));
  const mailSink = await startMailSink(mailDir);
  const server: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPENCRT_ADMIN_PASSWORD: E2E_PASSWORDS.admin,
      OPENCRT_ANALYST_PASSWORD: E2E_PASSWORDS.analyst,
      OPENCRT_USER_PASSWORD: E2E_PASSWORDS.user,
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1, well over the 30 sign-ins per minute a real client gets.
      OPENCRT_SIGNIN_RATE_LIMIT: '1000',
      // Mail leaves through a real SMTP server; links point at this server.
      SMTP_URL: mailSink.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // A cold start seeds the demo catalogue: well over a minute on a loaded machine (300 s by
    // default; OPENCRT_E2E_START_TIMEOUT_S changes it).
    const seconds = Number(process.env.OPENCRT_E2E_START_TIMEOUT_S) > 0 ? Number(process.env.OPENCRT_E2E_START_TIMEOUT_S) : 300;
    const timer = setTimeout(() => reject(new Error(`server did not start in ${seconds} s:\n${output}`)), seconds * 1000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on http://localhost:')) { clearTimeout(timer); resolve(); }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}):\n${output}`)); });
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('passwords', E2E_PASSWORDS);
  project.provide('mailDir', mailDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => { server.once('exit', resolve); setTimeout(resolve, 5000); });
    await mailSink.close();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
