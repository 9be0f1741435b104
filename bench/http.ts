/**
 * `npm run bench:http`: HTTP figures of a started server (autocannon). Prints figures; never
 * asserts on time (issue 12 lists the targets; compare by hand, with the load average printed).
 *
 *   catalog GET /api/deals · authenticated trivial GET /api/roles · POST /api/simulate (DNA1 rep
 *   lines: the same request repeated; distinct scenarios in the rows layout, and in the compact
 *   layout the deal screen asks for, plain and br-compressed as a browser asks) · POST
 *   /api/simulate/yield · 8×9 yield matrix · one 50×50 matrix alone · breakevens of every DNA1
 *   class · GET /api/deals latency
 *   while four 50×50 yield matrices run
 *
 * By default it starts the server itself (`npm run serve` as a child on a free port, embedded
 * database in $TMPDIR/opencrt-bench-data, kept between runs so only the first start seeds).
 * BENCH_URL=http://host:port with BENCH_USER / BENCH_PASSWORD measures a running server instead.
 * BENCH_SECONDS (default 10) per figure, BENCH_CONNECTIONS (default 20) for the GETs;
 * BENCH_ONLY=text measures only the figures whose label contains it (e.g. BENCH_ONLY=simulate).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { DNA1, serverUnderTest, signIn } from './bench-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const wanted = (label: string) => label.includes(ONLY);
const axis = (n: number, step: number) => Array.from({ length: n }, (_, i) => Math.round(i * step * 1000) / 1000);

interface Figure { label: string; result: autocannon.Result }
const figures: Figure[] = [];

async function measure(label: string, options: autocannon.Options): Promise<void> {
  if (!wanted(label)) return;
  const result = await autocannon({ duration: SECONDS, ...options });
  figures.push({ label, result });
  // Timeouts (no answer within autocannon's 10 s) count as errors: a starved server shows here.
  const errors = result.errors + result.non2xx + result.timeouts;
  console.log(`${label.padEnd(58)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(5)} ms  p99 ${String(result.latency.p99).padStart(6)} ms  ${(result.throughput.average / 1e6).toFixed(2)} MB/s  ${result.requests.average ? (result.throughput.average / result.requests.average / 1000).toFixed(1) : '-'} kB/answer${errors ? `  ERRORS ${errors} (${result.timeouts} timeouts, ${result.non2xx} non-2xx)` : ''}`);
}

const { url, child: server } = await serverUnderTest();
try {
  const token = await signIn(url);
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const post = (body: unknown) => ({ method: 'POST' as const, headers: json, body: JSON.stringify(body) });
  console.log(`OpenCRT HTTP benchmarks — ${url}, ${SECONDS} s each, node ${process.version}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);

  async function matricesAndCatalog(): Promise<void> {
    const big = { ...DNA1, BondName: 'M-2B', Price: 100, MatrixCpr: axis(50, 1), MatrixCdr: axis(50, 0.1) };
    const t0 = performance.now();
    const matrices = Array.from({ length: 4 }, () => fetch(`${url}/api/simulate/yield/matrix`, { method: 'POST', headers: json, body: JSON.stringify(big) })
      .then((res) => ({ status: res.status, ms: performance.now() - t0 })));
    let running = true;
    void Promise.all(matrices).then(() => { running = false; });
    await new Promise((r) => setTimeout(r, 300));
    await measure('GET /api/deals while four 50×50 matrices run, 10 conn.', { url: `${url}/api/deals`, connections: 10, headers: auth });
    const stillRunning = running;
    const done = await Promise.all(matrices);
    console.log(`  the four 50×50 matrices: ${done.map((d) => `${d.status} in ${(d.ms / 1000).toFixed(1)} s`).join(', ')}${stillRunning ? ' (still running when the GET measurement ended: it is all under engine load)' : ' (done before the GET measurement ended: its tail ran without engine load)'}`);
  }

  // Warm-up: threads started, deal caches filled, JIT warm.
  await autocannon({ url: `${url}/api/simulate`, duration: 2, connections: 2, ...post(DNA1) });

  await measure(`GET /api/deals (catalog), ${CONNECTIONS} connections`, { url: `${url}/api/deals`, connections: CONNECTIONS, headers: auth });
  await measure(`GET /api/roles (authenticated trivial), ${CONNECTIONS} conn.`, { url: `${url}/api/roles`, connections: CONNECTIONS, headers: auth });
  await measure('POST /api/simulate DNA1 full response, 1 connection', { url: `${url}/api/simulate`, connections: 1, ...post(DNA1) });
  await measure('POST /api/simulate DNA1 full response, 8 connections', { url: `${url}/api/simulate`, connections: 8, ...post(DNA1) });
  // Distinct scenarios (a CPR of its own per request): every answer is computed, none comes
  // from the result cache that serves the repeated request above.
  let n = 0;
  // (autocannon calls setupRequest per request only for entries of `requests`.)
  const distinct = { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify({ ...DNA1, Cpr: [0, 0.05 + (n++ % 100_000) / 1e6] }) }) }] };
  await measure('POST /api/simulate DNA1 distinct scenarios, rows layout, 4 conn.', { url: `${url}/api/simulate`, connections: 4, ...post(DNA1), ...distinct });
  // The compact layout the deal screen asks for (it names the layout in Accept; ?layout=columns is the same).
  const columns = `${url}/api/simulate?layout=columns`;
  await measure('POST /api/simulate DNA1 distinct scenarios, 1 connection', { url: columns, connections: 1, ...post(DNA1), ...distinct });
  await measure('POST /api/simulate DNA1 distinct scenarios, 4 connections', { url: columns, connections: 4, ...post(DNA1), ...distinct });
  await measure('POST /api/simulate DNA1 distinct scenarios, 8 connections', { url: columns, connections: 8, ...post(DNA1), ...distinct });
  // As a browser asks: the answer compressed (br), which costs the server the compression.
  const asBrowser = { ...post(DNA1), headers: { ...json, 'accept-encoding': 'br, gzip' } };
  await measure('POST /api/simulate DNA1 distinct scenarios, br, 1 connection', { url: columns, connections: 1, ...asBrowser, ...distinct });
  await measure('POST /api/simulate DNA1 distinct scenarios, br, 4 connections', { url: columns, connections: 4, ...asBrowser, ...distinct });
  await measure('POST /api/simulate/yield (M-2B at 100), 4 connections', { url: `${url}/api/simulate/yield`, connections: 4, ...post({ ...DNA1, BondName: 'M-2B', Price: 100 }) });
  await measure('POST /api/simulate/yield/matrix 8×9, 1 connection', { url: `${url}/api/simulate/yield/matrix`, connections: 1, ...post({ ...DNA1, BondName: 'M-2B', Price: 100 }) });

  // One 50×50 matrix (2,500 cells) alone, three times: the time an analyst waits for it.
  if (wanted('one 50×50 matrix alone')) {
    const big = { ...DNA1, BondName: 'M-2B', Price: 100, MatrixCpr: axis(50, 1), MatrixCdr: axis(50, 0.1) };
    const times: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      // Axes of its own each time: no cell of it was run before.
      const cdrs = axis(50, 0.1).map((x) => Math.round((x + 0.01 * (i + 1)) * 1000) / 1000);
      const res = await fetch(`${url}/api/simulate/yield/matrix`, { method: 'POST', headers: json, body: JSON.stringify({ ...big, MatrixCdr: cdrs, Price: 100 - i / 10 }) });
      await res.arrayBuffer();
      times.push(`${res.status} in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    }
    console.log(`${'POST /api/simulate/yield/matrix, one 50×50 matrix alone'.padEnd(58)} ${times.join(', ')}`);
  }
  // Breakevens of every DNA1 class (first loss and full write-down), as the deal screen's summary asks, three times.
  if (wanted('breakevens of every DNA1 class')) {
    const times: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/simulate/breakeven`, { method: 'POST', headers: json, body: JSON.stringify({ ...DNA1, LossSeverity: [0, 0.25 + i / 100] }) });
      await res.arrayBuffer();
      times.push(`${res.status} in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    }
    console.log(`${'POST /api/simulate/breakeven, breakevens of every DNA1 class'.padEnd(58)} ${times.join(', ')}`);
  }
  // Latency of a catalogue read while four 50×50 matrices (10,000 cells) hold the engine.
  if (wanted('GET /api/deals while four 50×50 matrices run')) await matricesAndCatalog();
  console.log(`\nload average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (other processes on this machine skew every figure)`);
} finally {
  server?.kill('SIGTERM');
}
