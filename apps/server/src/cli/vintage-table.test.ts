/**
 * Issue 34 #1: `npm run -s model:backtest -- --json` answers one array with every published row for
 * LDM 2.2 and LDM 3.0 (the field names), `--table` the same as text with the targets each
 * row is held to; the target rules themselves on hand-made rows.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePublishedVintages, type VintageComparison } from '@opencrt/engine';
import { describe, expect, it } from 'vitest';
import { orderMisses, rowMisses, vintageTable } from './vintage-targets.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const published = parsePublishedVintages(readFileSync(resolve(root, 'data/credit/freddie-vintage-performance.csv'), 'utf8'));
const row = (Vintage: string, model: number, pub: number, sev = [40, 40], loss = [model * 0.4, pub * 0.4]): VintageComparison => ({
  Vintage, LtvBucket: '60.01-80', Model: 'LDM', PublishedDefaultPct: pub, ModelDefaultPct: model,
  PublishedSeverityPct: sev[1] as number, ModelSeverityPct: sev[0] as number, PublishedNetLossPct: loss[1] as number, ModelNetLossPct: loss[0] as number, HeldOut: false,
});

describe('vintage targets', () => {
  it('2005-2010: ±25 % relative (±0.2 points under 1 %), severity ±6 points; tails ±0.5 points of default; 2011 none', () => {
    expect(rowMisses(row('2007', 8, 10.5))).toEqual([]);
    expect(rowMisses(row('2007', 7.8, 10.5))).toEqual(['default', 'net loss']);
    expect(rowMisses(row('2010', 0.6, 0.4))).toEqual([]);
    expect(rowMisses(row('2010', 0.65, 0.4))).toEqual(['default']);
    expect(rowMisses(row('2006', 10, 10.2, [54.5, 48.4]))).toEqual(['severity']);
    expect(rowMisses(row('2012-2018', 0.5, 0))).toEqual([]);
    expect(rowMisses(row('1999-2004', 2.0, 1.4))).toEqual(['default']);
    expect(rowMisses(row('2011', 5, 0.2))).toBeNull();
  });

  it('checks the published order per bucket and model and names what is out of order', () => {
    const order = (d: number[]) => ['2005', '2006', '2007', '2008', '2009', '2010'].map((v, i) => row(v, d[i] as number, 1))
      .flatMap((r) => [r, { ...r, LtvBucket: '80.01-97' as const }, { ...r, Model: 'LDM_3' as const }, { ...r, LtvBucket: '80.01-97' as const, Model: 'LDM_3' as const }]);
    expect(orderMisses(order([7, 10, 10.5, 5, 1, 0.4]))).toEqual([]);
    const wrong = orderMisses(order([4, 10, 10.5, 6, 1, 0.4]));
    expect(wrong).toHaveLength(4);
    expect(wrong[0]).toBe('60.01-80 LDM: 2005 (4) not above 2008 (6)');
    expect(vintageTable(order([4, 10, 10.5, 6, 1, 0.4]))).toContain('Published order (2007 ≈ 2006 > 2005 > 2008 > 2009 > 2010): 60.01-80 LDM: 2005 (4) not above 2008 (6)');
  });
});

describe('npm run -s model:backtest -- --json / --table', () => {
  it('--json: every CSV row for LDM and LDM_3 with the issue\'s fields; --table prints them with the targets', () => {
    const out = spawnSync('npm', ['run', '-s', 'model:backtest', '--', '--json'], { cwd: root, encoding: 'utf8', timeout: 240_000 });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const rows = JSON.parse(out.stdout) as VintageComparison[];
    expect(rows).toHaveLength(published.length * 2);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(['Vintage', 'LtvBucket', 'Model', 'PublishedDefaultPct', 'ModelDefaultPct', 'PublishedSeverityPct', 'ModelSeverityPct',
        'PublishedNetLossPct', 'ModelNetLossPct', 'HeldOut']);
      expect(['LDM', 'LDM_3']).toContain(r.Model);
      expect(r.ModelDefaultPct).toBeGreaterThanOrEqual(0);
    }
    for (const p of published) {
      const mine = rows.filter((r) => r.Vintage === p.Vintage && r.LtvBucket === p.LtvBucket);
      expect(mine.map((r) => r.PublishedDefaultPct)).toEqual([p.DefaultPct, p.DefaultPct]);
    }
    expect(rows.filter((r) => r.HeldOut).map((r) => r.Vintage)).toEqual(expect.arrayContaining(['2006', '2009']));
    // The crisis vintages default more than the post-crisis ones, in both buckets.
    const d = (v: string, b: string) => rows.find((r) => r.Vintage === v && r.LtvBucket === b && r.Model === 'LDM')?.ModelDefaultPct ?? Number.NaN;
    for (const b of ['60.01-80', '80.01-97']) expect(d('2007', b)).toBeGreaterThan(3 * d('2010', b));
    const table = vintageTable(rows);
    expect(table.split('\n')[0]).toMatch(/^Vintage\s+LTV\s+Model\s+Default pub\s+model\s+Severity pub/);
    expect(table).toMatch(/Rows missing a target: \d+ of 36\./);
  }, 300_000);
});
