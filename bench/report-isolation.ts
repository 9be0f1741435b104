/**
 * Issue 22: while a report runs far past its limit on the embedded database, the server still
 * answers. Starts the server on a fresh embedded database with a 10 s report timeout, runs a
 * report that would take minutes, signs in every 500 ms meanwhile, and prints the sign-in latencies
 * and when (and what) the report answered. `npm run bench:reports`; prints figures, asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './bench-server.ts';

const ADMIN_PASSWORD = 'bench-admin-Password-1';
const dataDir = mkdtempSync(path.join(tmpdir(), 'opencrt-bench-reports-'));
Object.assign(process.env, { BENCH_DATA_DIR: dataDir, OPENCRT_ADMIN_PASSWORD: ADMIN_PASSWORD, OPENCRT_REPORT_TIMEOUT_SECONDS: '10' });

async function signIn(url: string): Promise<{ token: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, grant_type: 'password' }).toString(),
  });
  if (!res.ok) throw new Error(`sign-in failed (${res.status})`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  return { token, ms: performance.now() - started };
}

function testReport(url: string, token: string, query: string): Promise<Response> {
  return fetch(`${url}/api/report/test`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ Report: { Id: 0, Name: 'bench', Source: 2, Query: query, Parameters: [], Columns: [] }, Values: [] }),
  });
}

const { url, child } = await startServer();
try {
  const { token } = await signIn(url);
  let started = performance.now();
  const warm = await testReport(url, token, 'select count(*) as n from loans');
  console.log(`first report (starts the report thread, loads the snapshot): ${warm.status} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  started = performance.now();
  await testReport(url, token, 'select count(*) as n from loans');
  console.log(`second report (warm): ${((performance.now() - started)).toFixed(0)} ms`);

  started = performance.now();
  let answeredAt = 0;
  let answer = '';
  const slow = testReport(url, token, 'select count(*) from generate_series(1, 100000000000) g').then(async (res) => {
    answeredAt = performance.now() - started;
    answer = `${res.status} ${await res.text()}`;
  });
  const latencies: number[] = [];
  while (answeredAt === 0) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (answeredAt === 0) latencies.push((await signIn(url)).ms);
  }
  await slow;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(0);
  console.log(`slow report answered after ${(answeredAt / 1000).toFixed(2)} s: ${answer}`);
  console.log(`${latencies.length} sign-ins meanwhile: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
} finally {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
