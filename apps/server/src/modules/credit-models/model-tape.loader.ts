import { emptyModelTape, hpiBetaOfState, hpiRatioBetween, macroValue, stratifiedNormalScores, tapeOfLines, type ModelLoanTape } from '@opencrt/engine';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dealsDb } from '../deals/deals.tables.ts';

/** An amortizing line for deals without a loan tape (rep lines, or a CIRT pool's WAC/WAM). */
export interface ModelLine { balance: number; grossRate: number; remainingTerm: number; age: number }

/**
 * The credit model's tape of a deal: its stored loans at the last reporting period on or before
 * the settlement date (else the first), balances scaled to the pool balance the run starts from;
 * without loans, one typical loan per line (`fromLoans` false). Per loan:
 * - property value = original UPB / LTV grown by the HPI from first payment to settlement
 *   (macro history), so MTMLTV starts from today's estimated value;
 * - SATO = note rate minus the 30y (15y for terms ≤ 180) PMMS level of the first-payment month;
 * - MI coverage = MI % (only the claim share, the model applies it when MI is used);
 * - delinquent share = 1 for a loan reported 60+ days delinquent (status ≥ 2 or REO);
 * - other liens = (CLTV − LTV) × the original value (default risk reads MTMCLTV);
 * - home-price beta of the property state's region, and a value-noise score per loan: the stratified
 *   normal quantiles shuffled by a seed from the deal name, so the tape spans the home-level price
 *   distribution (homes that lost most default first; the back-test's dispersion, issue 24).
 */
export async function loadModelTape(
  baseDb: Db, dealName: string, settlementDate: number, poolBalance: number, lines: readonly ModelLine[],
): Promise<{ tape: ModelLoanTape; fromLoans: boolean }> {
  const db = dealsDb(baseDb);
  const period = await db.selectFrom('loans').select(sql<number>`max(as_of_date)`.as('d'))
    .where('deal_name', '=', dealName).where('as_of_date', '<=', settlementDate).executeTakeFirst();
  const first = await db.selectFrom('loans').select(sql<number>`min(as_of_date)`.as('d')).where('deal_name', '=', dealName).executeTakeFirst();
  const asOf = period?.d ?? first?.d;
  const rows = asOf ? await db.selectFrom('loans')
    .select(['current_upb', 'current_rate', 'remaining_months', 'loan_age', 'original_term', 'credit_score', 'dti', 'ltv', 'original_upb',
      'first_payment_date', 'mi_pct', 'delinquency_status', 'state', 'cltv'])
    .where('deal_name', '=', dealName).where('as_of_date', '=', asOf).where('current_upb', '>', 0).execute() : [];
  if (rows.length === 0) return { tape: tapeOfLines(lines.filter((l) => l.balance > 0 && l.remainingTerm > 0)), fromLoans: false };
  const total = rows.reduce((s, r) => s + Number(r.current_upb), 0);
  const scale = poolBalance > 0 && total > 0 ? poolBalance / total : 1;
  const tape = emptyModelTape(rows.length);
  const settlementYm = Math.floor(settlementDate / 100);
  let seed = 7;
  for (const ch of dealName) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) >>> 0;
  const noise = stratifiedNormalScores(rows.length, seed);
  rows.forEach((r, i) => {
    const rate = Number(r.current_rate) / 100;
    const term = Number(r.original_term);
    const firstPay = Number(r.first_payment_date); // yyyymm
    const ltv = Math.max(1, Number(r.ltv)) / 100;
    tape.balance[i] = Number(r.current_upb) * scale;
    tape.noteRate[i] = rate;
    tape.remainingTerm[i] = Number(r.remaining_months);
    tape.age[i] = Number(r.loan_age);
    tape.originalTerm[i] = term;
    // 9999 / missing = not available: the typical GSE score and DTI (crt-domain.md §7).
    const score = Number(r.credit_score ?? 0);
    tape.creditScore[i] = score >= 300 && score <= 850 ? score : 755;
    const dti = Number(r.dti ?? 0);
    tape.dtiPct[i] = dti > 0 && dti <= 65 ? dti : 36;
    const originalValue = (Number(r.original_upb) * scale) / ltv;
    tape.propertyValue[i] = originalValue * hpiRatioBetween(firstPay, settlementYm);
    const cltv = Number(r.cltv ?? 0) / 100;
    tape.otherLienBalance[i] = cltv > ltv && cltv <= 2 ? (cltv - ltv) * originalValue : 0;
    tape.hpiBeta[i] = hpiBetaOfState(r.state);
    tape.valueNoise[i] = noise[i] as number;
    tape.miCoverage[i] = Math.min(0.55, Math.max(0, Number(r.mi_pct) / 100));
    tape.sato[i] = rate - macroValue(term <= 180 ? 'mtg15' : 'mtg30', firstPay) / 100;
    const status = r.delinquency_status;
    tape.delinquentShare[i] = status === 'RA' || Number(status) >= 2 ? 1 : 0;
  });
  return { tape, fromLoans: true };
}
