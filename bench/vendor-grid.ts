/**
 * `npm run bench:grid`: the vendor grid through HTTP (issue 13 performance): a Bonds portfolio of
 * 50 entries on rep-line bond deals × 20 saved scenarios, run as one POST
 * /api/simulate/portfolio/grid (NDJSON stream). Prints, per run, the end-to-end time, the time to
 * the first cell, the cells received and the server's resident memory; ten consecutive runs after
 * a warm-up. Prints figures; never asserts (compare by hand with the load average printed).
 *
 * By default it starts the server itself (bench/bench-server.ts: a child on a free port, embedded
 * database kept in $TMPDIR/opencrt-bench-data). BENCH_URL with BENCH_USER / BENCH_PASSWORD measures
 * a running server instead (memory is then not shown). GRID_ENTRIES, GRID_SCENARIOS, GRID_RUNS
 * change the shape (defaults 50, 20, 10).
 */
import { loadavg } from 'node:os';
import { residentMb, serverUnderTest, signIn } from './bench-server.ts';

const ENTRIES = Number(process.env.GRID_ENTRIES ?? 50);
const SCENARIOS = Number(process.env.GRID_SCENARIOS ?? 20);
const RUNS = Number(process.env.GRID_RUNS ?? 10);
const VENDOR = 'Bench grid';
const SETTLEMENT = 20260217;

const { url, child: server } = await serverUnderTest();
const rssMb = () => residentMb(server);

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** 50 entries on bond deals of the catalogue (not ACIS/CIRT): each deal's first mezzanine class, then its second, and so on. */
async function benchEntries(token: string) {
  const deals = (await call<string[]>(token, 'GET', '/deals/userDealsNames')).filter((d) => !/^(ACIS|CIRT)/i.test(d)).sort();
  const perDeal: { deal: string; bonds: string[] }[] = [];
  for (const deal of deals) {
    const detail = await call<{ DealName: string; MaturityDate: number; Bonds: { BondName: string }[] }>(token, 'GET', `/deals/${encodeURIComponent(deal)}`);
    // A deal that matures before the settlement has nothing left to run (the grid refuses it).
    if (detail.MaturityDate <= SETTLEMENT) continue;
    // The mezzanine classes (M…, B…) carry credit risk: their metrics move with the scenarios.
    perDeal.push({ deal: detail.DealName, bonds: detail.Bonds.map((b) => b.BondName).filter((b) => /^(M|B)/i.test(b)) });
  }
  const entries: { OrdinalNumber: number; DealName: string; BondName: string; OwnedFaceAmt: number; Margin: number }[] = [];
  for (let rank = 0; entries.length < ENTRIES && perDeal.some((d) => d.bonds.length > rank); rank++) {
    for (const d of perDeal) {
      const bond = d.bonds[rank];
      if (bond && entries.length < ENTRIES) entries.push({ OrdinalNumber: entries.length + 1, DealName: d.deal, BondName: bond, OwnedFaceAmt: 1_000_000, Margin: 100 });
    }
  }
  if (entries.length < ENTRIES) throw new Error(`only ${entries.length} bond entries found for ${ENTRIES}`);
  return entries;
}

const token = await signIn(url);
try {
  console.log(`OpenCRT vendor grid benchmark — ${url}, ${ENTRIES} entries × ${SCENARIOS} scenarios, ${RUNS} runs, node ${process.version}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  // 20 common scenarios of one vendor: CDR from 0.2 % to 4 %, CPR 15 % to 5 %.
  const names = Array.from({ length: SCENARIOS }, (_, i) => `Bench ${String(i + 1).padStart(2, '0')}`);
  await call(token, 'POST', '/scenarios/bulk', {
    SaveMode: 'override',
    Scenarios: names.map((ScenarioName, i) => ({
      ScenarioName, DealName: null, Vendor: VENDOR, Shared: false,
      Cpr: [15 - (10 * i) / Math.max(1, SCENARIOS - 1)], Cdr: [0.2 + (3.8 * i) / Math.max(1, SCENARIOS - 1)], LossSeverity: [25 + i], Delinquency: [1],
    })),
  });
  const name = `Bench grid ${ENTRIES}x${SCENARIOS}`;
  const existing = Object.values(await call<Record<string, { Id: number; Name: string }>>(token, 'GET', '/portfolios/')).find((p) => p.Name === name);
  if (existing) await call(token, 'DELETE', '/portfolios/bulk', [existing.Id]);
  const portfolio = await call<{ Id: number }>(token, 'POST', '/portfolios/', { Name: name, PortfolioType: 'Bonds', PortfolioEntries: await benchEntries(token) });
  const body = { PortfolioId: portfolio.Id, SettlementDate: SETTLEMENT, Vendor: VENDOR, ScenarioNames: names, ScenarioVendors: names.map(() => VENDOR), Libor: 0.04 };

  /** One grid run read as the screen reads it: time to the first cell, to the last line, cells and failures. */
  async function runGrid() {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/simulate/portfolio/grid`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (!res.ok || !res.body) throw new Error(`grid: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let first: number | null = null;
    let pending = '';
    let cells = 0;
    let failed = 0;
    let errors = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (value) pending += decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        const e = JSON.parse(line) as { type: string; ok?: boolean; value?: { Error: string | null }; summary?: { Fixed: unknown[] } };
        if (e.type === 'piece') {
          first ??= performance.now() - t0;
          cells += 1;
          if (!e.ok) failed += 1; else if (e.value?.Error) errors += 1;
        } else if (e.type === 'done') cells += e.summary?.Fixed.length ?? 0;
        else if (e.type === 'error') throw new Error(line);
      }
      if (done) break;
    }
    return { total: performance.now() - t0, first: first ?? Number.NaN, cells, failed, errors };
  }

  const warm = await runGrid();
  console.log(`warm-up: ${warm.total.toFixed(0)} ms, ${warm.cells} cells (${warm.errors} cell errors, ${warm.failed} failed pieces)`);
  console.log('\nrun   end-to-end   first cell   cells   cell errors   server RSS');
  const totals: number[] = [];
  const firsts: number[] = [];
  const rss: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const r = await runGrid();
    const mem = rssMb();
    totals.push(r.total); firsts.push(r.first);
    if (mem !== null) rss.push(mem);
    console.log(`${String(i).padStart(3)}   ${r.total.toFixed(0).padStart(7)} ms   ${r.first.toFixed(0).padStart(7)} ms   ${String(r.cells).padStart(5)}   ${String(r.errors + r.failed).padStart(11)}   ${mem === null ? 'n/a' : `${mem.toFixed(0)} MB`}`);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? Number.NaN;
  console.log(`\nmedian end-to-end ${median(totals).toFixed(0)} ms (best ${sorted(totals)[0]?.toFixed(0)} ms), median first cell ${median(firsts).toFixed(0)} ms`);
  if (rss.length) console.log(`server RSS first/last/max over the ${RUNS} runs: ${rss[0]?.toFixed(0)} / ${rss.at(-1)?.toFixed(0)} / ${Math.max(...rss).toFixed(0)} MB`);
  console.log(`load after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  server?.kill();
}
