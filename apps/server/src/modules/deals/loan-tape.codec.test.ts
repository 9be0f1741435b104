import { describe, expect, it } from 'vitest';
import { loadDealRecords } from './deal-catalog.loader.ts';
import { generateDealHistory } from '../demo-data/deal-history.generator.ts';
import { generateLoanTape } from '../demo-data/loan-tape.generator.ts';
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
    expect(errors).toEqual([]);
    expect(back.map((l) => [l.loanId, l.currentUpb, l.noteRate, l.state, l.delinquencyStatus, l.seller])).toEqual(
      loans.map((l) => [l.loanId, l.currentUpb, l.noteRate, l.state, l.delinquencyStatus, l.seller]));
  });

  it('round-trips the Fannie CRT layout (110 fields)', () => {
    const loans = tapeOf('CAS 2021-R03');
    const text = loans.map((l) => formatFannie(l, 'CAS 2021-R03')).join('\n');
    expect(text.split('\n')[0]?.split('|')).toHaveLength(110);
    const { loans: back, errors } = parseFannieTape(text);
    expect(errors).toEqual([]);
    expect(back.map((l) => [l.loanId, l.currentUpb, l.issuanceUpb, l.miType, l.assistancePlan, l.purpose])).toEqual(
      loans.map((l) => [l.loanId, l.currentUpb, l.issuanceUpb, l.miType, l.assistancePlan, l.purpose]));
  });

  it('reports malformed rows with line and field', () => {
    const [good] = tapeOf('STACR 2026-DNA1').map(formatFreddieOrigination);
    if (!good) throw new Error('no line');
    const cells = good.split('|');
    const badRate = [...cells];
    badRate[12] = 'six';
    badRate[19] = 'X0';
    const missingState = [...cells];
    missingState[16] = '';
    missingState[19] = 'X1';
    const { errors } = parseFreddieTape([good, 'a|b|c', badRate.join('|'), missingState.join('|'), good].join('\n'), null, 20261025);
    expect(errors).toEqual([
      'line 2: expected 32 pipe-delimited fields, found 3',
      "line 3, field 13 (Original Interest Rate): 'six' is not a number",
      'line 4, field 17 (Property State): required value is missing',
      `line 5: duplicate Loan Sequence Number ${cells[19]}`,
    ]);
  });
});
