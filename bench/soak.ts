/**
 * `npm run soak`: 50 simulated users for SOAK_MINUTES (default 2) against a started server
 * (bench/bench-server.ts: a child server, or BENCH_URL). Each user loops over a mixed session —
 * catalogue, deal details, a shallow and a full /simulate, a yield, now and then an 8×9 matrix —
 * with think time. Reports requests, errors, p50/p99 per kind and the server's memory (RSS) at
 * start and end. Prints figures; never asserts on time.
 */
import { loadavg } from 'node:os';
import { DNA1, residentMb, serverUnderTest, signIn } from './bench-server.ts';

const USERS = Number(process.env.SOAK_USERS ?? 50);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 2);

const { url, child: server } = await serverUnderTest();
const rssMb = () => residentMb(server);

const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
const errorSamples: string[] = [];

async function call(kind: string, path: string, init: RequestInit = {}): Promise<void> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}${path}`, init);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.status}`);
  } catch (error) {
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    if (errorSamples.length < 10) errorSamples.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const list = latencies.get(kind) ?? [];
  list.push(performance.now() - t0);
  latencies.set(kind, list);
}

const token = await signIn(url);
const auth = { authorization: `Bearer ${token}` };
const json = { ...auth, 'content-type': 'application/json' };
const post = (body: unknown): RequestInit => ({ method: 'POST', headers: json, body: JSON.stringify(body) });
const think = () => new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
const end = Date.now() + MINUTES * 60_000;

async function user(index: number): Promise<void> {
  let round = 0;
  while (Date.now() < end) {
    round += 1;
    await call('GET /api/deals', '/api/deals', { headers: auth });
    await think();
    await call('GET /api/deals/{name}', `/api/deals/${encodeURIComponent(DNA1.DealName)}`, { headers: auth });
    await think();
    await call('POST /api/simulate (shallow)', '/api/simulate?useShallowResponse=true', post({ ...DNA1, Cpr: [0, 0.05 + (index % 10) / 100] }));
    await think();
    // As the deal screen asks: the compact layout (a browser's fetch accepts br, as this one does).
    await call('POST /api/simulate (full)', '/api/simulate?layout=columns', post(DNA1));
    await think();
    await call('POST /api/simulate/yield', '/api/simulate/yield', post({ ...DNA1, BondName: 'M-2B', Price: 95 + (round % 10) }));
    await think();
    if ((index + round) % 5 === 0) await call('POST /api/simulate/yield/matrix 8×9', '/api/simulate/yield/matrix', post({ ...DNA1, BondName: 'M-2B', Price: 100 }));
    await think();
  }
}

const startRss = rssMb();
console.log(`OpenCRT soak — ${USERS} users, ${MINUTES} min against ${url}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}, server RSS ${startRss?.toFixed(0) ?? '?'} MB\n`);
const t0 = performance.now();
// The server's RSS each minute: growth after the first minute (caches filling to their bounds, or a leak) is the figure to watch.
const rssByMinute: number[] = [];
const sampler = setInterval(() => { const mb = rssMb(); if (mb !== null) rssByMinute.push(mb); }, 60_000);
await Promise.all(Array.from({ length: USERS }, (_, i) => user(i)));
clearInterval(sampler);
const seconds = (performance.now() - t0) / 1000;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
let total = 0;
let failed = 0;
for (const kind of new Set([...latencies.keys(), ...errors.keys()])) {
  const sorted = (latencies.get(kind) ?? []).sort((a, b) => a - b);
  const errs = errors.get(kind) ?? 0;
  total += sorted.length + errs;
  failed += errs;
  console.log(`${kind.padEnd(36)} ${String(sorted.length).padStart(6)} ok  ${String(errs).padStart(4)} errors  p50 ${pct(sorted, 0.5).toFixed(0).padStart(5)} ms  p99 ${pct(sorted, 0.99).toFixed(0).padStart(6)} ms`);
}
const endRss = rssMb();
console.log(`\n${total} requests in ${seconds.toFixed(0)} s (${(total / seconds).toFixed(1)}/s), ${failed} errors; server RSS ${startRss?.toFixed(0) ?? '?'} MB at start, ${endRss?.toFixed(0) ?? '?'} MB at end; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (rssByMinute.length > 1 && endRss !== null) {
  const first = rssByMinute[0] as number;
  console.log(`server RSS by minute: ${rssByMinute.map((mb) => mb.toFixed(0)).join(', ')} MB; growth after the first minute ${(((endRss - first) / first) * 100).toFixed(1)} %`);
}
for (const sample of errorSamples) console.log(`  error: ${sample}`);
server?.kill('SIGTERM');
