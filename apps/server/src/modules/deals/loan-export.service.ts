/** Writes a deal's stored loan tape in a public agency layout (file name → content). */
import { folded } from '../../db/folded.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LoanRecord } from './loan-record.ts';
import { formatFannie, formatFreddieOrigination, formatFreddiePerformance } from './loan-tape.codec.ts';
import { dealsDb } from './deals.tables.ts';

export async function exportLoanTape(baseDb: Db, dealName: string, layout: 'freddie' | 'fannie'): Promise<Record<string, string>> {
  const db = dealsDb(baseDb);
  const deal = await db.selectFrom('deals').select('deal_name').where(sql`lower(deal_name)`, '=', folded(dealName)).executeTakeFirst();
  if (!deal) throw new Error(`deal ${dealName} does not exist`);
  const rows = await db.selectFrom('loans').selectAll().where('deal_name', '=', deal.deal_name).orderBy('loan_id').execute();
  const loans: LoanRecord[] = rows.map((r) => ({
    loanId: r.loan_id, asOfDate: r.as_of_date, creditScore: r.credit_score, firstPaymentDate: r.first_payment_date, maturityDate: r.maturity_date,
    firstTimeBuyer: r.first_time_buyer as LoanRecord['firstTimeBuyer'], msa: r.msa, miPct: Number(r.mi_pct), miType: r.mi_type as LoanRecord['miType'],
    units: r.units, occupancy: r.occupancy as LoanRecord['occupancy'], cltv: r.cltv === null ? null : Number(r.cltv), dti: r.dti === null ? null : Number(r.dti),
    originalUpb: Number(r.original_upb), issuanceUpb: Number(r.issuance_upb), currentUpb: Number(r.current_upb), ltv: Number(r.ltv),
    noteRate: Number(r.note_rate), currentRate: Number(r.current_rate), channel: r.channel, state: r.state, propertyType: r.property_type,
    zip3: r.zip3, purpose: r.purpose, originalTerm: r.original_term, borrowers: r.borrowers, seller: r.seller, servicer: r.servicer,
    loanAge: r.loan_age, remainingMonths: r.remaining_months, delinquencyStatus: r.delinquency_status, modified: r.modified,
    zeroBalanceCode: r.zero_balance_code, assistancePlan: r.assistance_plan,
  }));
  const slug = deal.deal_name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  if (layout === 'fannie') return { [`${slug}-fannie-crt.txt`]: `${loans.map((l) => formatFannie(l, deal.deal_name)).join('\n')}\n` };
  return {
    [`${slug}-origination.txt`]: `${loans.map(formatFreddieOrigination).join('\n')}\n`,
    [`${slug}-performance.txt`]: `${loans.map(formatFreddiePerformance).join('\n')}\n`,
  };
}
