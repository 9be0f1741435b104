import { describe, expect, it } from 'vitest';
import { parseLine } from '../deals/loan-tape.layouts.ts';
import { type GeneratedLoan, LOAN_STORIES, freddieLoanId, loanHistory, levelPayment } from './gse-generator.ts';
import { fannieLine, freddieOriginationLine, freddiePerformanceLine } from './gse-generator.format.ts';
import { FANNIE_CRT, FREDDIE_ORIGINATION, FREDDIE_PERFORMANCE } from './gse-layouts.ts';

const base: GeneratedLoan = {
  loanId: freddieLoanId(2020, 1, 1), year: 2020, quarter: 1, creditScore: 740, ltv: 90, cltv: 90, dti: 36, originalUpb: 200_000, rate: 6,
  term: 360, purpose: 'P', occupancy: 'P', propertyType: 'SF', channel: 'R', state: 'CA', seller: 'Other sellers', firstTimeBuyer: 'Y',
  miPct: 25, story: 'performing', eventAge: 5, months: 24, curtailment: 10_000,
};

describe('generated GSE files', () => {
  it('writes every story in all three layouts, each line valid against the one layout definition', () => {
    for (const story of LOAN_STORIES) {
      const loan = { ...base, story };
      const errors: string[] = [];
      expect(parseLine(freddieOriginationLine(loan), 1, FREDDIE_ORIGINATION, errors)).not.toBeNull();
      for (const m of loanHistory(loan)) {
        parseLine(freddiePerformanceLine(loan, m), m.age, FREDDIE_PERFORMANCE, errors);
        parseLine(fannieLine(loan, m, 'CA01', 'CAS 2026-R01'), m.age, FANNIE_CRT, errors);
      }
      expect(errors, story).toEqual([]);
    }
  });

  it('tells each story in the codes the user guides give', () => {
    const reo = loanHistory({ ...base, story: 'reo' });
    // Payments missed from age 5: 180+ (six months) at age 10, REO acquired (RA) from age 13, disposed of (09) at age 16.
    expect(reo.map((m) => m.status).slice(3, 15)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 'RA', 'RA', 'RA']);
    const last = reo.at(-1)!;
    expect([last.age, last.zeroBalanceCode, last.upb]).toEqual([16, '09', 0]);
    const upb = last.removalUpb!;
    // Loss: 70 % sale, 8 % expenses, 12 months of interest at 6 %: 0.7u − (u + 0.08u + 0.06u) = −0.44u.
    expect(last.loss!.actualLoss).toBeCloseTo(-0.44 * upb, 1);
    expect(loanHistory({ ...base, story: 'short-sale' }).at(-1)!.zeroBalanceCode).toBe('03');
    expect(loanHistory({ ...base, story: 'note-sale' }).at(-1)!.zeroBalanceCode).toBe('15');
    const prepay = loanHistory({ ...base, story: 'prepay' });
    expect([prepay.length, prepay.at(-1)!.zeroBalanceCode, prepay.at(-1)!.upb]).toEqual([5, '01', 0]);
    const mi = loanHistory({ ...base, story: 'mi-recovery' }).at(-1)!;
    expect(mi.loss!.miRecoveries).toBeCloseTo(0.25 * mi.removalUpb!, 2);
    // A curtailment of 10,000 at age 5 on top of the scheduled principal.
    const c = loanHistory({ ...base, story: 'curtailment' });
    expect(c[3]!.upb - c[4]!.upb - c[4]!.scheduledPrincipal).toBeCloseTo(10_000, 2);
    expect(c[0]!.scheduledPrincipal).toBeCloseTo(levelPayment(200_000, 6, 360) - 1000, 2);
    const mod = loanHistory({ ...base, story: 'modification' });
    // Missed at ages 5–7, modified at age 8: arrears capitalised, rate 6 % → 5 %.
    expect([mod[7]!.age, mod[7]!.modified, mod[7]!.rate, mod[7]!.status, mod[7]!.upb > mod[6]!.upb]).toEqual([8, true, 5, 0, true]);
  });

  it('writes the Freddie codes for a repurchase (96) and the Fannie ones (06)', () => {
    const loan = { ...base, story: 'repurchase' as const };
    const m = loanHistory(loan).at(-1)!;
    expect(freddiePerformanceLine(loan, m).split('|')[8]).toBe('96');
    expect(fannieLine(loan, m, 'CA01', 'X').split('|')[43]).toBe('06');
  });
});
