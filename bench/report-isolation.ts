/**
 * Issue 22: while a report runs far past its limit on the embedded database, the server still
 * answers. Starts the server on a fresh embedded database with a 10 s report timeout, runs a
 * report that would take minutes, signs in every 500 ms meanwhile, and prints the sign-in latencies
 * and when (and what) the report answered. Issue 32: the first reports answer within the timeout
 * while the snapshot loads (the load counts toward it) until one runs on it; then the crash query
 * (600 MB of text) on the embedded source, with the server's resident memory before and after.
 * `npm run bench:reports`; prints figures, asserts nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** The server's resident and peak resident memory (Linux /proc), in MB. */
function memoryOf(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (key: string) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024);
    return `RSS ${mb('VmRSS')} MB (peak ${mb('VmHWM')} MB)`;
  } catch {
    return 'RSS not available (no /proc)';
  }
}

const { url, child } = await startServer();
try {
  const { token } = await signIn(url);
  let started = performance.now();
  // The thread's start and the snapshot's load count toward each report's 10 s: the first ones may
  // answer that the data is loading (the load goes on), until one runs on the loaded snapshot.
  for (let attempt = 1; ; attempt++) {
    const tried = performance.now();
    const warm = await testReport(url, token, 'select count(*) as n from loans');
    const body = await warm.text();
    console.log(`report ${attempt} while the snapshot loads: ${warm.status} in ${((performance.now() - tried) / 1000).toFixed(2)} s${warm.status === 200 ? '' : `: ${body}`}`);
    if (warm.status === 200 || !/loading/.test(body) || attempt >= 30) break;
  }
  console.log(`snapshot ready and a report answered after ${((performance.now() - started) / 1000).toFixed(2)} s`);
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

  // The crash query of issue 32 on the embedded source: the report ends with a 400, the server stays.
  console.log(`before the crash query: ${memoryOf(child.pid)}`);
  started = performance.now();
  const crash = await testReport(url, token, "select lpad('',250000000,'x') || lpad('',250000000,'y') || lpad('',100000000,'z') as s");
  console.log(`crash query answered after ${((performance.now() - started) / 1000).toFixed(2)} s: ${crash.status} ${(await crash.text()).slice(0, 200)}`);
  console.log(`after the crash query: ${memoryOf(child.pid)}`);
  const after = await signIn(url);
  started = performance.now();
  const next = await testReport(url, after.token, 'select count(*) as n from deals');
  console.log(`then a sign-in (${after.ms.toFixed(0)} ms) and a report: ${next.status} in ${((performance.now() - started) / 1000).toFixed(2)} s; ${memoryOf(child.pid)}`);
} finally {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
