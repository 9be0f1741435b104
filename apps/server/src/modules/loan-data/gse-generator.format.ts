/**
 * Generated loans (gse-generator.ts) as lines of the agencies' files, field by field at the
 * positions of gse-layouts.ts, and written to disk as a stream (bench files run to gigabytes).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { type GeneratedLoan, type LoanMonth, firstPaymentPeriod, loanHistory, addMonths } from './gse-generator.ts';

const money = (x: number | null | undefined): string => (x === null || x === undefined ? '' : x.toFixed(2));
const mmyyyy = (yyyymm: number): string => `${String(yyyymm % 100).padStart(2, '0')}${Math.floor(yyyymm / 100)}`;

function line(width: number, values: Record<number, string | number>): string {
  const cells = new Array<string>(width).fill('');
  for (const [pos, v] of Object.entries(values)) cells[Number(pos) - 1] = String(v);
  return cells.join('|');
}

/** Freddie origination file line (32 fields). */
export function freddieOriginationLine(l: GeneratedLoan): string {
  const first = firstPaymentPeriod(l);
  return line(32, {
    1: l.creditScore, 2: first, 3: l.firstTimeBuyer, 4: addMonths(first, l.term - 1), 5: '', 6: l.miPct, 7: 1, 8: l.occupancy,
    9: l.cltv, 10: l.dti, 11: l.originalUpb, 12: l.ltv, 13: l.rate, 14: l.channel, 15: 'N', 16: 'FRM', 17: l.state,
    18: l.propertyType, 19: '90200', 20: l.loanId, 21: l.purpose, 22: l.term, 23: 2, 24: l.seller, 25: l.seller,
    26: '', 27: '', 28: '9', 29: '', 30: '9', 31: 'N', 32: l.miPct > 0 ? 'N' : '7',
  });
}

/** Freddie monthly performance file line (32 fields) for one month. */
export function freddiePerformanceLine(l: GeneratedLoan, m: LoanMonth): string {
  const zb = m.zeroBalanceCode === 'REPURCHASE' ? '96' : m.zeroBalanceCode;
  const v: Record<number, string | number> = {
    1: l.loanId, 2: m.period, 3: money(m.upb), 4: String(m.status), 5: m.age, 6: m.remaining,
    8: m.modified ? (m.age === firstModifiedAge(l) ? 'Y' : 'P') : '', 11: m.rate, 12: '0.00', 32: money(m.upb),
  };
  if (zb) {
    v[9] = zb;
    v[10] = m.period;
    v[27] = money(m.removalUpb);
  }
  if (m.loss) {
    Object.assign(v, {
      14: money(m.loss.miRecoveries), 15: money(m.loss.netSaleProceeds), 16: money(m.loss.nonMiRecoveries), 17: money(m.loss.expenses),
      22: money(m.loss.actualLoss), 28: money(m.loss.delinquentAccruedInterest),
    });
  }
  return line(32, v);
}

const modifiedAt = new WeakMap<GeneratedLoan, number>();
function firstModifiedAge(l: GeneratedLoan): number {
  let age = modifiedAt.get(l);
  if (age === undefined) {
    age = loanHistory(l).find((m) => m.modified)?.age ?? -1;
    modifiedAt.set(l, age);
  }
  return age;
}

/**
 * Fannie CRT line (110 fields) for one month: acquisition fields repeated, then performance. Credit
 * event net gain or loss (77, 78) is Fannie's sign: positive a loss (Freddie's Actual Loss negated).
 */
export function fannieLine(l: GeneratedLoan, m: LoanMonth, poolId: string, dealName: string): string {
  const first = firstPaymentPeriod(l);
  const zb = m.zeroBalanceCode === 'REPURCHASE' ? '06' : m.zeroBalanceCode;
  const v: Record<number, string | number> = {
    1: poolId, 2: l.loanId, 3: mmyyyy(m.period), 4: l.channel, 5: l.seller, 6: l.seller, 7: 'Fannie Mae', 8: l.rate, 9: m.rate,
    10: money(l.originalUpb), 11: money(l.originalUpb), 12: money(m.upb), 13: l.term, 14: mmyyyy(addMonths(first, -2)), 15: mmyyyy(first),
    16: m.age, 17: m.remaining, 18: m.remaining, 19: mmyyyy(addMonths(first, l.term - 1)), 20: l.ltv, 21: l.cltv, 22: 2, 23: l.dti,
    24: l.creditScore, 26: l.firstTimeBuyer, 27: l.purpose === 'N' ? 'R' : l.purpose, 28: l.propertyType, 29: 1, 30: l.occupancy,
    31: l.state, 32: '00000', 33: '902', 35: 'FRM', 36: 'N', 37: 'N', 40: m.status === 'RA' ? 'RA' : String(m.status).padStart(2, '0'),
    42: m.modified ? 'Y' : 'N', 48: money(m.scheduledPrincipal), 50: money(m.unscheduledPrincipal), 102: 'N', 104: dealName,
  };
  if (l.miPct > 0) {
    v[34] = l.miPct;
    v[73] = '1';
  }
  if (zb) {
    v[44] = zb;
    v[45] = mmyyyy(m.period);
    v[46] = money(m.removalUpb);
  }
  if (m.loss) {
    Object.assign(v, {
      53: mmyyyy(m.period), 54: money(m.loss.expenses), 59: money(m.loss.netSaleProceeds), 60: money(m.loss.miRecoveries),
      62: money(m.loss.nonMiRecoveries), 77: money(-m.loss.actualLoss), 78: money(-m.loss.actualLoss), 85: money(m.loss.delinquentAccruedInterest),
    });
  }
  return line(110, v);
}

export type GeneratedFile = 'freddie-origination' | 'freddie-performance' | 'fannie-crt';

/** Writes the loans' lines of one layout to `file` (LF line ends, no header), honouring back-pressure. Returns the line count. */
export async function writeGseFile(file: string, loans: Iterable<GeneratedLoan>, layout: GeneratedFile, pool = { id: 'CA01', dealName: 'CAS 2026-R01' }): Promise<number> {
  const out = createWriteStream(file);
  let lines = 0;
  let chunk = '';
  const flush = async (): Promise<void> => {
    if (!out.write(chunk)) await once(out, 'drain');
    chunk = '';
  };
  for (const loan of loans) {
    if (layout === 'freddie-origination') {
      chunk += `${freddieOriginationLine(loan)}\n`;
      lines += 1;
    } else {
      for (const m of loanHistory(loan)) {
        chunk += `${layout === 'freddie-performance' ? freddiePerformanceLine(loan, m) : fannieLine(loan, m, pool.id, pool.dealName)}\n`;
        lines += 1;
      }
    }
    if (chunk.length > 1 << 20) await flush();
  }
  await flush();
  out.end();
  await once(out, 'finish');
  return lines;
}
