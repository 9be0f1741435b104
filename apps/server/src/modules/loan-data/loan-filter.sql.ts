/** A LoanFilter (contracts) as a DuckDB WHERE clause over the loans table; values arrive validated by zod. */
import type { LoanFilter } from '@opencrt/contracts';
import { literal } from './loan-store.ts';

const list = (values: string[]): string => `(${values.map(literal).join(', ')})`;

export function loanFilterSql(f: LoanFilter): string {
  const parts: string[] = [];
  const range = (column: string, min: number | undefined, max: number | undefined): void => {
    if (min !== undefined) parts.push(`${column} >= ${Number(min)}`);
    if (max !== undefined) parts.push(`${column} <= ${Number(max)}`);
  };
  if (f.source) parts.push(`Source = ${literal(f.source)}`);
  if (f.referencePool) parts.push(`ReferencePoolId = ${literal(f.referencePool)}`);
  range('OriginationYear', f.yearFrom, f.yearTo);
  range('CreditScore', f.ficoMin, f.ficoMax);
  range('Ltv', f.ltvMin, f.ltvMax);
  range('Cltv', f.cltvMin, f.cltvMax);
  range('Dti', f.dtiMin, f.dtiMax);
  range('OriginalUpb', f.upbMin, f.upbMax);
  // Freddie's N (no-cash-out refinance) and Fannie's R (refinance) are the same kind of loan.
  if (f.purpose?.length) parts.push(`Purpose IN ${list(f.purpose.flatMap((p) => (p === 'N' || p === 'R' ? ['N', 'R'] : [p])))}`);
  if (f.occupancy?.length) parts.push(`Occupancy IN ${list(f.occupancy)}`);
  if (f.propertyType?.length) parts.push(`PropertyType IN ${list(f.propertyType)}`);
  if (f.channel?.length) parts.push(`Channel IN ${list(f.channel)}`);
  if (f.state?.length) parts.push(`State IN ${list(f.state)}`);
  if (f.firstTimeBuyer) parts.push(`FirstTimeBuyer = ${literal(f.firstTimeBuyer)}`);
  if (f.mi === 'Y') parts.push('coalesce(MiPct, 0) > 0');
  if (f.mi === 'N') parts.push('coalesce(MiPct, 0) = 0');
  if (f.seller) parts.push(`Seller = ${literal(f.seller)}`);
  return parts.length ? parts.join(' AND ') : 'true';
}
