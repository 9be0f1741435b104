/**
 * The targets issue 34 #1 holds the vintage back-test to, and the `--table` text. 2005-2010: default
 * and net loss within ±25 % relative (±0.2 points where the published figure is under 1 %: it is
 * rounded to 0.1), severity within ±6 points, and the vintages in the published order (2007 ≈ 2006 >
 * 2005 > 2008 > 2009 > 2010; "≈": within 25 % of each other); 1999-2004 and 2012-2018 within ±0.5
 * points of default. 2011 has no target.
 */
import type { VintageComparison } from '@opencrt/engine';

const CRISIS = ['2005', '2006', '2007', '2008', '2009', '2010'];
const TAILS = ['1999-2004', '2012-2018'];

/** Within a relative band, or ±0.2 points when the published figure is under 1 %. */
const near = (model: number, published: number) => (published < 1 ? Math.abs(model - published) <= 0.2 : Math.abs(model / published - 1) <= 0.25);

/** Which targets a row misses (empty: all met; null: the row has no target). */
export function rowMisses(r: VintageComparison): string[] | null {
  if (CRISIS.includes(r.Vintage)) {
    const out: string[] = [];
    if (!near(r.ModelDefaultPct, r.PublishedDefaultPct)) out.push('default');
    if (Math.abs(r.ModelSeverityPct - r.PublishedSeverityPct) > 6) out.push('severity');
    if (!near(r.ModelNetLossPct, r.PublishedNetLossPct)) out.push('net loss');
    return out;
  }
  if (TAILS.includes(r.Vintage)) return Math.abs(r.ModelDefaultPct - r.PublishedDefaultPct) <= 0.5 ? [] : ['default'];
  return null;
}

/** The published order of each bucket and model, checked on model defaults: problems, empty when in order. */
export function orderMisses(rows: readonly VintageComparison[]): string[] {
  const out: string[] = [];
  for (const bucket of ['60.01-80', '80.01-97'] as const) {
    for (const model of ['LDM', 'LDM_3'] as const) {
      const d = (v: string) => rows.find((r) => r.Vintage === v && r.LtvBucket === bucket && r.Model === model)?.ModelDefaultPct ?? Number.NaN;
      const [d5, d6, d7, d8, d9, d10] = CRISIS.map(d) as [number, number, number, number, number, number];
      const label = `${bucket} ${model}`;
      if (!(Math.abs(d7 / d6 - 1) <= 0.25)) out.push(`${label}: 2007 (${d7}) not ≈ 2006 (${d6})`);
      if (!(Math.min(d6, d7) > d5)) out.push(`${label}: 2006/2007 not above 2005 (${d5})`);
      if (!(d5 > d8)) out.push(`${label}: 2005 (${d5}) not above 2008 (${d8})`);
      if (!(d8 > d9)) out.push(`${label}: 2008 (${d8}) not above 2009 (${d9})`);
      if (!(d9 > d10)) out.push(`${label}: 2009 (${d9}) not above 2010 (${d10})`);
    }
  }
  return out;
}

/** The comparison as a text table: published | model per measure, the targets missed, held-out rows marked. */
export function vintageTable(rows: readonly VintageComparison[]): string {
  const head = ['Vintage', 'LTV', 'Model', 'Default pub', 'model', 'Severity pub', 'model', 'Net loss pub', 'model', 'Held out', 'Targets'];
  const body = rows.map((r) => {
    const misses = rowMisses(r);
    return [
      r.Vintage, r.LtvBucket, r.Model === 'LDM' ? 'LDM 2.2' : 'LDM 3.0',
      r.PublishedDefaultPct.toFixed(1), r.ModelDefaultPct.toFixed(2), r.PublishedSeverityPct.toFixed(1), r.ModelSeverityPct.toFixed(2),
      r.PublishedNetLossPct.toFixed(1), r.ModelNetLossPct.toFixed(2), r.HeldOut ? 'yes' : '', misses === null ? '—' : misses.length ? `MISS ${misses.join(', ')}` : 'met',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 3 || i >= 9 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  const order = orderMisses(rows);
  const missed = rows.filter((r) => (rowMisses(r) ?? []).length > 0).length;
  return [
    line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line), '',
    `Rows missing a target: ${missed} of ${rows.length}. Published order (2007 ≈ 2006 > 2005 > 2008 > 2009 > 2010): ${order.length ? order.join('; ') : 'met for both buckets and models'}.`,
  ].join('\n');
}
