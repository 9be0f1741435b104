/**
 * Validation rules of the custom deal editors (spec 001 §5.4–§5.6), shared by the editor (errors
 * under each field) and the server (400 before anything is stored). Issues are data: a path
 * naming the field ('Wac', 'STACR.Liability[1].Coupon') and the spec's message.
 */
import { MAX_DATE, MIN_DATE } from './common.ts';
import type { AcisDeal, CirtDeal, PythonDeal, StacrAcisDeal, StacrDeal } from './custom-deals.ts';

export interface FieldIssue {
  path: string;
  message: string;
}

const REQUIRED = 'Field is required.';
const INVALID_DATE = 'Invalid Date';
/**
 * The app's dates (common MIN_DATE..MAX_DATE). A maturity of 12/31/9999 was stored and ran (issue
 * 23 sweep); the field's own error line names it, so the message gives the range only.
 */
export const DEAL_DATE_RANGE = 'Must be from 01/01/1900 to 12/31/2100.';

/** True when YYYYMMDD is a real calendar day. */
function isDay(ymd: number): boolean {
  const y = Math.floor(ymd / 10000);
  const m = Math.floor(ymd / 100) % 100;
  const d = ymd % 100;
  return Number.isInteger(ymd) && m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

class Issues {
  readonly list: FieldIssue[] = [];
  add(path: string, message: string): void {
    if (!this.list.some((i) => i.path === path)) this.list.push({ path, message });
  }
  /** The value when present and a finite number, else an issue and null. */
  num(path: string, value: number | null | undefined): number | null {
    if (value === null || value === undefined || !Number.isFinite(value)) {
      this.add(path, REQUIRED);
      return null;
    }
    return value;
  }
  date(path: string, value: number | null | undefined): number | null {
    if (value === null || value === undefined) {
      this.add(path, REQUIRED);
      return null;
    }
    if (!isDay(value)) {
      this.add(path, INVALID_DATE);
      return null;
    }
    if (value < MIN_DATE || value > MAX_DATE) {
      this.add(path, DEAL_DATE_RANGE);
      return null;
    }
    return value;
  }
  check(path: string, ok: boolean, message: string): void {
    if (!ok) this.add(path, message);
  }
}

const lt = (a: number | null, b: number | null): boolean => a === null || b === null || a < b;

/** §5.4 CIRT deal. */
export function validateCirtDeal(deal: CirtDeal): FieldIssue[] {
  const v = new Issues();
  if (!deal.Name.trim()) v.add('Name', REQUIRED);
  const pool = v.num('ReferencePoolBalance', deal.ReferencePoolBalance);
  if (pool !== null) v.check('ReferencePoolBalance', pool > 1 && pool < 1e12, '0 < Balance < 1e12');
  const wac = v.num('Wac', deal.Wac);
  if (wac !== null) v.check('Wac', wac > 0 && wac < 25, '0 < Wac < 25');
  const wam = v.num('Wam', deal.Wam);
  if (wam !== null) v.check('Wam', Number.isInteger(wam) && wam > 0 && wam <= 360, '0 < Wam <= 360');
  const premium = v.num('AnnualPremiumRatePct', deal.AnnualPremiumRatePct);
  if (premium !== null) v.check('AnnualPremiumRatePct', premium >= 0 && premium < 100, '0 <= Premium < 100');
  const retention = v.num('RetentionPct', deal.RetentionPct);
  if (retention !== null) v.check('RetentionPct', retention >= 0 && retention < 100, '0 <= Retention < 100');
  const limit = v.num('LimitOfLiabilityPct', deal.LimitOfLiabilityPct);
  if (limit !== null) v.check('LimitOfLiabilityPct', limit > 0 && limit + (retention ?? 0) <= 100, '0 < Limit of Liability <= 100 - Retention');
  const cancellation = v.num('CancellationPct', deal.CancellationPct);
  if (cancellation !== null) v.check('CancellationPct', cancellation >= 0 && cancellation < 25, '0 <= CancellationPct < 25');
  const eff = v.date('EffectiveDate', deal.EffectiveDate);
  const first = v.date('FirstPayDate', deal.FirstPayDate);
  const mat = v.date('MaturityDate', deal.MaturityDate);
  const early = v.date('EarlyRedemptionDate', deal.EarlyRedemptionDate);
  v.check('EffectiveDate', lt(eff, first), 'Effective Date should be less than First Pay Date');
  v.check('FirstPayDate', lt(first, mat), 'First Pay Date should be less than Maturity Date');
  v.check('EarlyRedemptionDate', lt(early, mat), 'Early Redemption Date should be less than Maturity Date');
  deal.LiabilityStepDowns.forEach((row, i) => {
    const p = `LiabilityStepDowns[${i}]`;
    for (const key of ['StartPeriod', 'EndPeriod', 'Reassess', 'BalanceMultiplier', 'DelinquentMultiplier', 'Detachment'] as const) {
      const x = v.num(`${p}.${key}`, row[key]);
      if (x !== null && key !== 'Reassess') v.check(`${p}.${key}`, x >= 0, `${key} must not be negative`);
    }
    if (row.Reassess !== null) v.check(`${p}.Reassess`, row.Reassess === 0 || row.Reassess === 1, 'Reassess is Monthly (0) or Annual (1)');
    if (row.StartPeriod !== null) v.check(`${p}.StartPeriod`, Number.isInteger(row.StartPeriod) && row.StartPeriod >= 1, 'Start period is a whole number >= 1');
    const prev = deal.LiabilityStepDowns[i - 1];
    if (prev && prev.StartPeriod !== null && row.StartPeriod !== null) {
      v.check(`${p}.StartPeriod`, row.StartPeriod > prev.StartPeriod, 'Start Period should be greater than the previous row');
    }
  });
  return v.list;
}

/**
 * 'STACR', optional words, a 4-digit year, a dash and at least 3 letters or digits; anything may
 * follow them ('STACR YYYY-[a-z0-9]{3}*'), so a clone's '-CLONE12345' suffix keeps a valid name.
 */
export function matchesDealNameMask(name: string, prefix: 'STACR' | 'ACIS'): boolean {
  return new RegExp(`^${prefix}( [A-Za-z0-9]+)* \\d{4}-[A-Za-z0-9]{3}`).test(name.trim());
}

function validateStacr(s: StacrDeal, v: Issues): void {
  if (!s.Name.trim()) v.add('STACR.Name', REQUIRED);
  else v.check('STACR.Name', matchesDealNameMask(s.Name, 'STACR'), 'Name mask is: STACR YYYY-[a-z0-9]{3}*');
  s.CollateralInformation.forEach((c, i) => {
    const p = `STACR.CollateralInformation[${i}]`;
    const pool = v.num(`${p}.ReferencePoolBalance`, c.ReferencePoolBalance);
    if (pool !== null) v.check(`${p}.ReferencePoolBalance`, pool > 1 && pool < 1e12, '0 < Balance < 1e12');
    const wac = v.num(`${p}.Wac`, c.Wac);
    if (wac !== null) v.check(`${p}.Wac`, wac > 0 && wac < 25, '0 < Wac < 25');
    const wam = v.num(`${p}.Wam`, c.Wam);
    if (wam !== null) v.check(`${p}.Wam`, Number.isInteger(wam) && wam > 0 && wam <= 360, '0 < Wam <= 360');
    const wala = v.num(`${p}.Wala`, c.Wala);
    if (wala !== null) v.check(`${p}.Wala`, Number.isInteger(wala) && wala >= 0 && wala <= 360 - (wam ?? 0), '0 <= Wala <= 360 - Wam');
  });
  const names = new Set<string>();
  s.Liability.forEach((b, i) => {
    const p = `STACR.Liability[${i}]`;
    if (!b.BondName.trim()) v.add(`${p}.BondName`, REQUIRED);
    else if (names.has(b.BondName.trim().toUpperCase())) v.add(`${p}.BondName`, 'Bond names must be unique');
    names.add(b.BondName.trim().toUpperCase());
    const det = v.num(`${p}.Detachment`, b.Detachment);
    // Bond A is the senior layer: its detachment is the top of the stack (100) and is not checked.
    if (det !== null && i > 0) {
      v.check(`${p}.Detachment`, det >= 0 && det < 25, '0 <= Detachment < 25');
      const prev = s.Liability[i - 1]?.Detachment;
      if (prev !== null && prev !== undefined) v.check(`${p}.Detachment`, det < prev, 'Detachment should be less than the previous bond');
    }
    // Notes pay the index + Spread: a fixed Coupon is optional (null allowed by the schema; issue 34 #7).
    if (b.Coupon !== null) {
      const coupon = v.num(`${p}.Coupon`, b.Coupon);
      if (coupon !== null) v.check(`${p}.Coupon`, coupon >= 0 && coupon < 25, '0 <= Coupon < 25');
    }
    const spread = v.num(`${p}.Spread`, b.Spread);
    if (spread !== null) v.check(`${p}.Spread`, spread >= 0 && spread < 25, '0 <= Spread < 25');
  });
  const st = s.Structure;
  const ce = v.num('STACR.Structure.CETarget', st.CETarget);
  if (ce !== null) v.check('STACR.Structure.CETarget', ce > 0 && ce < 25, '0 < CETarget < 25');
  const dlq = v.num('STACR.Structure.DlqTarget', st.DlqTarget);
  if (dlq !== null) v.check('STACR.Structure.DlqTarget', dlq > 0 && dlq < 100, '0 < DlqTarget < 100');
  const avg = v.num('STACR.Structure.DlqMonthsAverage', st.DlqMonthsAverage);
  if (avg !== null) v.check('STACR.Structure.DlqMonthsAverage', Number.isInteger(avg) && avg > 0 && avg < 12, '0 < DlqMonthsAverage < 12');
  const c = s.ContractInformation;
  const closing = v.date('STACR.ContractInformation.ClosingDate', c.ClosingDate);
  const first = v.date('STACR.ContractInformation.FirstPayDate', c.FirstPayDate);
  const mat = v.date('STACR.ContractInformation.MaturityDate', c.MaturityDate);
  const early = v.date('STACR.ContractInformation.EarlyRedemptionDate', c.EarlyRedemptionDate);
  const cp = 'Closing < First Payment < Maturity';
  v.check('STACR.ContractInformation.ClosingDate', lt(closing, first) && lt(closing, mat), cp);
  v.check('STACR.ContractInformation.FirstPayDate', lt(first, mat), cp);
  const er = 'First Payment < Early Redemption <  Maturity';
  v.check('STACR.ContractInformation.EarlyRedemptionDate', lt(first, early) && lt(early, mat), er);
  const canc = v.num('STACR.ContractInformation.CancellationPct', c.CancellationPct);
  if (canc !== null) v.check('STACR.ContractInformation.CancellationPct', canc >= 0 && canc < 25, '0 <= CancellationPct < 25');
}

function validateAcis(a: AcisDeal, stacrBonds: number, v: Issues): void {
  if (!a.Name.trim()) v.add('ACIS.Name', REQUIRED);
  else v.check('ACIS.Name', matchesDealNameMask(a.Name, 'ACIS'), 'Name mask is: ACIS YYYY-[a-z0-9]{3}*');
  const eff = v.date('ACIS.Structure.EffectiveDate', a.Structure.EffectiveDate);
  const mat = v.date('ACIS.Structure.MaturityDate', a.Structure.MaturityDate);
  v.check('ACIS.Structure.EffectiveDate', lt(eff, mat), 'Effective < Maturity');
  const months = v.num('ACIS.Structure.MonthsToCall', a.Structure.MonthsToCall);
  if (months !== null) v.check('ACIS.Structure.MonthsToCall', Number.isInteger(months) && months > 0 && months < 360, '0 < MonthsToCall < 360');
  if (a.Liability.length !== stacrBonds - 1) v.add('ACIS.Liability', 'Every STACR bond after the first needs one ACIS row');
  a.Liability.forEach((b, i) => {
    const p = `ACIS.Liability[${i}]`;
    if (!b.BondName.trim()) v.add(`${p}.BondName`, REQUIRED);
    const offered = v.num(`${p}.OfferedPct`, b.OfferedPct);
    if (offered !== null) v.check(`${p}.OfferedPct`, offered >= 0 && offered <= 100, '0% <= OfferedPct <= 100%');
    v.num(`${p}.Balance`, b.Balance);
    const premium = v.num(`${p}.Premium`, b.Premium);
    if (premium !== null) v.check(`${p}.Premium`, premium >= 0 && premium < 100, '0 <= Premium < 100');
    const mult = v.num(`${p}.CallMultiplier`, b.CallMultiplier);
    if (mult !== null) v.check(`${p}.CallMultiplier`, mult >= 0 && mult < 50, '0 <= CallMultiplier < 50');
  });
}

/** §5.5 and §5.6: the STACR deal and its ACIS deal. */
export function validateStacrAcisDeal(deal: StacrAcisDeal): FieldIssue[] {
  const v = new Issues();
  validateStacr(deal.STACR, v);
  validateAcis(deal.ACIS, deal.STACR.Liability.length, v);
  const acisNames = new Set(deal.ACIS.Liability.map((b) => b.BondName.trim().toUpperCase()));
  deal.ACIS.Liability.forEach((b, i) => {
    if (b.BondName.trim() && acisNames.size !== deal.ACIS.Liability.length) v.add(`ACIS.Liability[${i}].BondName`, 'Bond names must be unique');
  });
  if (deal.STACR.Name.trim() && deal.ACIS.Name.trim() && deal.STACR.Name.trim().toUpperCase() === deal.ACIS.Name.trim().toUpperCase()) {
    v.add('ACIS.Name', 'The ACIS name must differ from the STACR name');
  }
  return v.list;
}

/** Template deal: at least one bond keeps a balance; coupons between 0 and 25 %. */
export function validatePythonDeal(deal: PythonDeal): FieldIssue[] {
  const v = new Issues();
  if (!deal.Name.trim()) v.add('Name', REQUIRED);
  for (const [bond, f] of Object.entries(deal.CustomFields)) {
    if (f.balance !== undefined) {
      const b = v.num(`CustomFields.${bond}.balance`, f.balance);
      if (b !== null) v.check(`CustomFields.${bond}.balance`, b >= 0 && b < 1e12, '0 <= Balance < 1e12');
    }
    if (f.coupon !== undefined) {
      const c = v.num(`CustomFields.${bond}.coupon`, f.coupon);
      if (c !== null) v.check(`CustomFields.${bond}.coupon`, c >= 0 && c < 25, '0 <= Coupon < 25');
    }
  }
  return v.list;
}
