import { describe, expect, it } from 'vitest';
import { loadDealRecords } from './deal-catalog.loader.ts';
import { generateDealHistory } from './deal-history.generator.ts';
import { generateLoanTape } from './loan-tape.generator.ts';
import { formatFannie, formatFreddieOrigination, formatFreddiePerformance, parseFannieTape, parseFreddieTape } from './loan-tape.codec.ts';

function tapeOf(name: string) {
  const r = loadDealRecords().find((x) => x.file.dealName === name);
  if (!r) throw new Error('missing deal');
  const last = generateDealHistory(r).pool.at(-1);
  if (!last) throw new Error('no history');
  return generateLoanTape(r, last).slice(0, 50);
}

describe('loan tape layouts', () => {
  it('round-trips the Freddie origination + performance layout', () => {
    const loans = tapeOf('STACR 2026-DNA1');
    const orig = loans.map(formatFreddieOrigination).join('\n');
    const perf = loans.map(formatFreddiePerformance).join('\n');
    expect(orig.split('\n')[0]?.split('|')).toHaveLength(32);
    const { loans: back, errors } = parseFreddieTape(orig, perf, 20261025);
    expect(errors[0]).toBe('line 2: expected 32 pipe-delimited fields, found 3');
    expect(errors.some((e) => e === "line 3, field 13 (Original Interest Rate): 'six' is not a number")).toBe(true);
    expect(errors.some((e) => e === 'line 4, field 17 (Property State): required value is missing')).toBe(true);
  });
});
