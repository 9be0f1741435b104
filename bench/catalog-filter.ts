/**
 * Deal catalog filter on 1,000 generated deals (`npx tsx bench/catalog-filter.ts`).
 * Times what the screen does per keystroke: filter the grouped catalog and flatten it into
 * grid rows. Prints figures; never asserts on time.
 */
import { buildCatalog, filterCatalog, flattenCatalog } from '../apps/web/src/components/deal-catalog/catalog-model.ts';
import { makeCatalogRows } from '../apps/web/src/components/deal-catalog/catalog-fixtures.ts';

const N = Number(process.env.BENCH_DEALS ?? 1000);
const rows = makeCatalogRows(N);

let t0 = performance.now();
const sections = buildCatalog(rows);
console.log(`catalog: build ${N} deals into ${sections.length} groups: ${(performance.now() - t0).toFixed(2)} ms`);

const typed = 'stacr 2021-dna1';
const keystrokes = Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1));
for (let warm = 0; warm < 50; warm++) for (const text of keystrokes) flattenCatalog(filterCatalog(sections, text), new Set());

const times: number[] = [];
for (let rep = 0; rep < 200; rep++) {
  for (const text of keystrokes) {
    t0 = performance.now();
    flattenCatalog(filterCatalog(sections, text), new Set());
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number): number => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
console.log(`catalog: filter + flatten per keystroke on ${N} deals: median ${(pct(0.5) * 1000).toFixed(1)} µs, p99 ${(pct(0.99) * 1000).toFixed(1)} µs, max ${(pct(1) * 1000).toFixed(1)} µs (${times.length} keystrokes)`);
