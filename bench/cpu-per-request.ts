/**
 * `npx tsx bench/cpu-per-request.ts`: server CPU time (event loop and worker threads together,
 * from /proc) per POST /api/simulate on STACR 2026-DNA1, one request at a time. Unlike req/s it
 * hardly moves with other load on the machine, so it is the figure to compare changes by; on a
 * machine with C cores, C × 1000 / (ms per request) bounds the throughput.
 */
import { readFileSync } from 'node:fs';
import { DNA1, signIn, startServer } from './bench-server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in milliseconds (Linux /proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const server = await startServer();
try {
  const token = await signIn(server.url);
  // Distinct: a CPR of its own per request, so no answer comes from the result cache.
  let n = 0;
  const distinct = () => ({ ...DNA1, Cpr: [0, 0.05 + (n++ % 100000) / 1e6] });
  const cases: [string, Record<string, string>, () => unknown][] = [
    ['repeated, identity', {}, () => DNA1],
    ['distinct, identity', {}, distinct],
    ['distinct, br', { 'accept-encoding': 'br, gzip' }, distinct],
  ];
  for (const [label, extra, body] of cases) {
    const send = async () => {
      const res = await fetch(`${server.url}/api/simulate`, {
        method: 'POST', body: JSON.stringify(body()),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 20; i++) await send();
    const pid = server.child.pid!;
    const before = cpuMs(pid);
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await send();
    const wall = (performance.now() - started) / REQUESTS;
    const cpu = (cpuMs(pid) - before) / REQUESTS;
    console.log(`POST /api/simulate DNA1 (${label}): server CPU ${cpu.toFixed(1)} ms/request, wall ${wall.toFixed(1)} ms/request (${REQUESTS} requests, one at a time)`);
  }
} finally {
  server.child.kill('SIGTERM');
}
