/**
 * A custom deal's editor payload (spec 001 §3.11) → the catalog deals it stands for, built
 * through the same pipeline as the shipped catalogue: a catalog file (deal-file.schema.ts) →
 * DealRecord → engine DealSpec (STACR: the reference-tranche builder the shipped STACR deals use;
 * template deals: the engine's applyBondOverrides) → database rows. The engine's own
 * `validateDeal` must pass before anything is stored. A custom deal starts at its closing: it has
 * no remittance history (factor date = issue date), so every analysis screen projects it from
 * closing. Pure: runs inside the run service's workers (engine task `buildCustomDeal`).
 */
import type { CirtDeal, CustomDealPayload, FieldIssue, PythonDeal, StacrAcisDeal } from '@opencrt/contracts';
import { validateCirtDeal, validatePythonDeal, validateStacrAcisDeal } from '@opencrt/contracts';
import { applyBondOverrides, validateDeal, type BondOverride, type DealSpec } from '@opencrt/engine';
import type { BondFile, DealFile } from '../deals/deal-file.schema.ts';
import { syntheticCusip, type DealRecord } from '../deals/deal-record.builder.ts';
import { buildReferenceDealSpec } from '../deals/deal-structure.builder.ts';
import type { DealHistory } from '../demo-data/deal-history.generator.ts';
import { buildDealRows, type DealRows } from '../deals/deal-rows.builder.ts';
import { addMonths, yyyymmddToIso } from '../deals/deal-dates.ts';

export interface BuildCustomDealInput {
  /** The custom deal's id (deal id of its main catalog deal, CUSIP seed). */
  id: number;
  payload: CustomDealPayload;
  /** The template DealSpec of a PYTHON deal (data/deals/templates), else null. */
  template: DealSpec | null;
}

export interface BuiltCustomDeal {
  /** Editor rules (§5.4–§5.6) and the engine's validateDeal; empty when the deal may be stored. */
  issues: FieldIssue[];
  /** One entry per catalog deal (empty when there are issues). */
  rows: DealRows[];
  /** The engine structure of each catalog deal (null for CIRT), same order as rows. */
  specs: (DealSpec | null)[];
}

const cents = (x: number): number => Math.round(x * 100);
const money = (x: number): number => cents(x) / 100;
const iso = (ymd: number | null): string => yyyymmddToIso(ymd ?? 0);
const n = (x: number | null): number => x ?? 0;

/** A deal at its closing: no remittance rows; the catalog's factor date is the issue date. */
function emptyHistory(issueIso: string): DealHistory {
  return { pool: [], bonds: {}, tranches: {}, lastDate: issueIso, cumulativeLossCents: 0, paidOff: false };
}

const performanceAtClosing = { cprPct: 0, cdrPct: 0, severityPct: 0, dq30Pct: 0, dq60Pct: 0, dq90PlusPct: 0, modifiedPct: 0 };

function bond(partial: Partial<BondFile> & Pick<BondFile, 'name' | 'originalBalance' | 'coupon' | 'bondType'>): BondFile {
  return {
    cusip: null, layer: partial.name, senior: false, attachmentPct: null, detachmentPct: null, collateralGroups: [1],
    offered: false, macr: null, acis: null, ...partial,
  };
}

function recordOf(file: DealFile, bonds: BondFile[], structure: DealSpec | null, stack: BondFile[] = bonds): DealRecord {
  const c = file.collateral;
  const repLines = (c?.replines ?? []).map((l) => ({ ...l }));
  return { file, bonds, stack, repLines, structure, seniorCaps: {} };
}

function rowsOf(record: DealRecord, customId: number, dealId: number | null): DealRows {
  const rows = buildDealRows(record, emptyHistory(record.file.dates.issue), []);
  return { ...rows, deal: { ...rows.deal, deal_id: dealId, is_custom: true, is_demo: false, custom_deal_id: customId } };
}

// ---------------------------------------------------------------- CIRT

/**
 * CIRT: the pool split into the retention (B), the insured limit (M) and the senior remainder (A),
 * the catalog's CIRT shape. AnnualPremiumRatePct is a per-annum rate on the remaining pool UPB
 * (crt-domain.md §4: 0.12 %/yr ≈ the 0.0068–0.0075 %/month UPB rates of the shipped CIRT deals),
 * stored as the monthly UPB rate the CIRT run reads.
 */
function cirtFile(id: number, d: CirtDeal): DealFile {
  const pool = money(n(d.ReferencePoolBalance));
  const retention = money((pool * n(d.RetentionPct)) / 100);
  const limit = money((pool * n(d.LimitOfLiabilityPct)) / 100);
  const senior = money(pool - retention - limit);
  const retPct = n(d.RetentionPct);
  const detachPct = retPct + n(d.LimitOfLiabilityPct);
  const wam = n(d.Wam);
  const coupon = { kind: 'premium' as const, monthlyPctOfUpb: n(d.AnnualPremiumRatePct) / 12 };
  const bonds = [
    bond({ name: 'A', originalBalance: senior, coupon: { kind: 'none' }, bondType: 'Senior', senior: true, attachmentPct: detachPct, detachmentPct: 100 }),
    bond({ name: 'M', originalBalance: limit, coupon, bondType: 'Insured limit', attachmentPct: retPct, detachmentPct: detachPct, offered: true }),
    bond({ name: 'B', originalBalance: retention, coupon: { kind: 'none' }, bondType: 'Retention', attachmentPct: 0, detachmentPct: retPct }),
  ].map((b, i) => ({ ...b, cusip: syntheticCusip('CIRT', id % 1000, i) }));
  return {
    id: `custom-${id}`, dealName: d.Name.trim(), dealId: id, dealType: 'CIRT', parentDealName: null,
    source: { kind: 'synthetic', reference: `Custom CIRT deal ${id} (online deal editor)`, notes: ['Entered in the custom deal editor; no remittance history.'] },
    sourceFile: null, structureFile: null, historySeed: null,
    dates: {
      issue: iso(d.EffectiveDate), firstPayment: iso(d.FirstPayDate), maturity: iso(d.MaturityDate),
      earlyRedemption: iso(d.EarlyRedemptionDate), optionalCancellation: iso(d.EarlyRedemptionDate), factor: iso(d.EffectiveDate),
    },
    earlyRedemptionPct: n(d.CancellationPct), cleanUpCallPct: n(d.CancellationPct),
    index: { name: 'none', valueAtIssuePct: null },
    waterfall: { mode: 'cirt', mceThresholdPct: null },
    collateral: {
      originalBalance: pool, loanCount: Math.max(1, Math.round(pool / 300_000)), wacPct: n(d.Wac), netWacPct: null, wam, wala: 0,
      replines: [{ group: 1, balance: pool, wacPct: n(d.Wac), netWacPct: null, wam, wala: 0 }], pools: null,
    },
    bonds, referenceTranches: null, acis: null,
    cirt: { retentionPct: retPct, limitPct: n(d.LimitOfLiabilityPct), premiumMonthlyPctOfUpb: coupon.monthlyPctOfUpb, stepdowns: cirtStepdownRows(d) },
    performance: performanceAtClosing, loanTape: null,
  };
}

/** Editor step-down rows → the CIRT run's stepdowns: each row runs until the next row's start. */
export function cirtStepdownRows(d: Pick<CirtDeal, 'LiabilityStepDowns'>): { fromMonth: number; toMonth: number | null; balanceMultiplier: number; delinquentMultiplier: number }[] {
  const rows = [...d.LiabilityStepDowns].sort((a, b) => n(a.StartPeriod) - n(b.StartPeriod));
  return rows.map((r, i) => {
    const next = rows[i + 1];
    return {
      fromMonth: n(r.StartPeriod), toMonth: next ? n(next.StartPeriod) - 1 : null,
      balanceMultiplier: n(r.BalanceMultiplier), delinquentMultiplier: n(r.DelinquentMultiplier),
    };
  });
}

function buildCirt(id: number, d: CirtDeal): BuiltCustomDeal {
  const issues = validateCirtDeal(d);
  if (issues.length) return { issues, rows: [], specs: [] };
  const file = cirtFile(id, d);
  return { issues: [], rows: [rowsOf(recordOf(file, file.bonds ?? [], null), id, id)], specs: [null] };
}

// ---------------------------------------------------------------- STACR + ACIS

/**
 * STACR bonds senior first: bond i detaches at its Detachment and attaches at the next bond's
 * (0 for the last); balance = pool × thickness, the senior bond taking the cent residual so the
 * stack adds up to the pool. Notes pay SOFR + Spread (the reference-tranche interpreter models
 * floaters only; Coupon is kept in the stored deal).
 */
function stacrBonds(id: number, d: StacrAcisDeal, pool: number): BondFile[] {
  const rows = d.STACR.Liability;
  const det = rows.map((b, i) => (i === 0 ? 100 : n(b.Detachment)));
  const balances = rows.map((_, i) => (i === 0 ? 0 : money((pool * (det[i] as number - (det[i + 1] ?? 0))) / 100)));
  balances[0] = money(pool - balances.slice(1).reduce((s, x) => s + x, 0));
  return rows.map((b, i) => bond({
    name: b.BondName.trim(), cusip: syntheticCusip('STACR', id % 1000, i), originalBalance: balances[i] as number,
    coupon: i === 0 ? { kind: 'none' } : { kind: 'floater', index: 'SOFR', marginPct: n(b.Spread) },
    bondType: i === 0 ? 'Senior' : i === rows.length - 1 ? 'First loss' : b.BondName.trim().startsWith('B') ? 'Subordinate' : 'Mezzanine',
    senior: i === 0, attachmentPct: det[i + 1] ?? 0, detachmentPct: det[i] as number, offered: i > 0,
  }));
}

function stacrFile(id: number, d: StacrAcisDeal): DealFile {
  const s = d.STACR;
  const lines = s.CollateralInformation.map((c) => ({ group: 1, balance: money(n(c.ReferencePoolBalance)), wacPct: n(c.Wac), netWacPct: null, wam: n(c.Wam), wala: n(c.Wala) }));
  const pool = money(lines.reduce((t, l) => t + l.balance, 0));
  const w = (f: (l: (typeof lines)[number]) => number): number => lines.reduce((t, l) => t + f(l) * l.balance, 0) / pool;
  const c = s.ContractInformation;
  return {
    id: `custom-${id}-stacr`, dealName: s.Name.trim(), dealId: id, dealType: 'STACR', parentDealName: null,
    source: { kind: 'synthetic', reference: `Custom STACR deal ${id} (online deal editor)`, notes: ['Entered in the custom deal editor; no remittance history.'] },
    sourceFile: null, structureFile: null, historySeed: null,
    dates: {
      issue: iso(c.ClosingDate), firstPayment: iso(c.FirstPayDate), maturity: iso(c.MaturityDate),
      earlyRedemption: iso(c.EarlyRedemptionDate), optionalCancellation: iso(c.EarlyRedemptionDate), factor: iso(c.ClosingDate),
    },
    earlyRedemptionPct: n(c.CancellationPct), cleanUpCallPct: n(c.CancellationPct),
    index: { name: 'SOFR', valueAtIssuePct: null },
    waterfall: { mode: 'senior-sub', mceThresholdPct: n(s.Structure.CETarget) },
    collateral: {
      originalBalance: pool, loanCount: Math.max(1, Math.round(pool / 300_000)), wacPct: Math.round(w((l) => l.wacPct) * 1000) / 1000,
      netWacPct: null, wam: Math.round(w((l) => l.wam)), wala: Math.round(w((l) => l.wala)), replines: lines, pools: null,
    },
    bonds: stacrBonds(id, d, pool), referenceTranches: null, acis: null, cirt: null,
    performance: performanceAtClosing, loanTape: null,
  };
}

/** The reference-tranche DealSpec with the editor's tests and every collateral line. */
function stacrSpec(record: DealRecord, d: StacrAcisDeal): DealSpec {
  const spec = buildReferenceDealSpec(record, { id: record.file.id, dealName: record.file.dealName, family: 'STACR' });
  const st = d.STACR.Structure;
  if (spec.waterfall.kind !== 'reference-tranche') return spec;
  const tests = {
    ...spec.waterfall.tests,
    delinquency: { factor: n(st.DlqTarget) / 100, averagingPaymentDates: n(st.DlqMonthsAverage) },
    cumulativeNetLoss: st.UseCumLossTest ? spec.waterfall.tests.cumulativeNetLoss : null,
  };
  const repLines = record.repLines.map((l, i) => ({
    id: String(i + 1), collateralGroup: 1, originalBalance: null, balance: l.balance, grossCouponPct: l.wacPct, netCouponPct: null,
    remainingTermMonths: l.wam, originalTermMonths: l.wam + l.wala, ageMonths: l.wala,
  }));
  return {
    ...spec,
    // The offering memorandum's convention, as the shipped STACR deals run (issue 34 #7): credit
    // events at the event (the PPM's 25 % loss share when the deal's own losses are asked for, else the
    // scenario's severity), no recovery lag, no servicer advances,
    // flows to the cent. The catalogue's file-built default (SIFMA, 6-month lag) is not STACR's.
    conventions: { stepOrder: 'stacr-ppm', fixedLossSharePct: 25, recoveryLagMonths: 0, servicerAdvancing: false, roundFlowsToCent: true },
    fullName: `Custom STACR deal ${d.STACR.Name.trim()}`,
    source: { document: 'Custom deal editor', notes: ['Tests from the editor: CE target, delinquency target and months, cumulative-loss test on/off.'] },
    collateral: { ...spec.collateral, repLines },
    waterfall: { ...spec.waterfall, tests, gatingTests: spec.waterfall.gatingTests.filter((t) => tests[t] !== null) },
  };
}

function acisFile(d: StacrAcisDeal, stacr: DealFile): DealFile {
  const a = d.ACIS;
  const reference = stacr.bonds ?? [];
  const layers = a.Liability.map((row, i) => {
    const tranche = reference[i + 1] as BondFile;
    return { row, tranche };
  });
  const bonds = layers.map(({ row, tranche }) => bond({
    name: row.BondName.trim(), originalBalance: money((tranche.originalBalance * n(row.OfferedPct)) / 100),
    coupon: { kind: 'premium', annualPctOfLimit: n(row.Premium) }, bondType: 'Insured layer', layer: row.BondName.trim(),
    attachmentPct: tranche.attachmentPct, detachmentPct: tranche.detachmentPct, offered: true,
    acis: { stacrBond: tranche.name, sharePct: n(row.OfferedPct) },
  }));
  const effective = iso(a.Structure.EffectiveDate);
  return {
    ...stacr,
    id: `${stacr.id.replace(/-stacr$/, '')}-acis`, dealName: a.Name.trim(), dealType: 'ACIS', parentDealName: stacr.dealName,
    source: { kind: 'synthetic', reference: `Custom ACIS deal on ${stacr.dealName} (online deal editor)`, notes: ['Entered in the custom deal editor; no remittance history.'] },
    historySeed: stacr.dealName,
    dates: {
      issue: effective, firstPayment: stacr.dates.firstPayment, maturity: iso(a.Structure.MaturityDate), earlyRedemption: null,
      optionalCancellation: addMonths(effective, n(a.Structure.MonthsToCall)), factor: effective,
    },
    bonds,
    referenceTranches: reference,
    acis: {
      stacrDealName: stacr.dealName, collateralPct: 20,
      layers: layers.map(({ row, tranche }) => ({ stacrBondName: tranche.name, acisBondName: row.BondName.trim(), sharePct: n(row.OfferedPct), premiumPct: n(row.Premium) })),
    },
  };
}

function buildStacrAcis(id: number, d: StacrAcisDeal): BuiltCustomDeal {
  const issues = validateStacrAcisDeal(d);
  if (issues.length) return { issues, rows: [], specs: [] };
  const sFile = stacrFile(id, d);
  const sRecord = recordOf(sFile, sFile.bonds ?? [], null);
  const spec = stacrSpec(sRecord, d);
  const engineIssues = validateDeal(spec).map((i) => ({ path: `STACR.${i.path}`, message: i.message }));
  if (engineIssues.length) return { issues: engineIssues, rows: [], specs: [] };
  const aFile = acisFile(d, sFile);
  const aRecord = recordOf(aFile, aFile.bonds ?? [], spec, aFile.referenceTranches ?? []);
  const acisRows = rowsOf(aRecord, id, null);
  // At closing every ACIS layer is at its original balance (the row builder reads the last history row).
  const structure = JSON.parse(String(acisRows.deal.acis)) as { Bonds: { OriginalBalance: number; CurrentBalance: number; Factor: number }[] };
  structure.Bonds = structure.Bonds.map((b) => ({ ...b, CurrentBalance: b.OriginalBalance, Factor: 1 }));
  acisRows.deal = { ...acisRows.deal, acis: JSON.stringify(structure) };
  return { issues: [], rows: [rowsOf({ ...sRecord, structure: spec }, id, id), acisRows], specs: [spec, spec] };
}

// ---------------------------------------------------------------- template (Python) deals

/** CustomFields → engine overrides (balance in dollars, coupon in percent). */
export function overridesOf(d: PythonDeal): Record<string, BondOverride> {
  const out: Record<string, BondOverride> = {};
  for (const [name, f] of Object.entries(d.CustomFields)) {
    const o: BondOverride = {};
    if (f.balance !== undefined && f.balance !== null) o.balance = f.balance;
    if (f.coupon !== undefined && f.coupon !== null) o.couponPct = f.coupon;
    out[name] = o;
  }
  return out;
}

function pythonFile(id: number, d: PythonDeal, spec: DealSpec): DealFile {
  const w = spec.waterfall.kind === 'cash-flow' ? spec.waterfall : null;
  const bonds = spec.tranches.map((t, i) => {
    const interest = w?.interest.find((c) => c.tranche === t.name)?.coupon;
    const coupon = interest?.kind === 'fixed' ? { kind: 'fixed' as const, ratePct: interest.ratePct }
      : interest?.kind === 'floater' ? { kind: 'floater' as const, index: 'SOFR' as const, marginPct: interest.marginPct } : { kind: 'none' as const };
    return bond({
      name: t.name, cusip: syntheticCusip(spec.family, id % 1000, i), originalBalance: t.originalNotional, coupon,
      bondType: w?.interest.find((c) => c.tranche === t.name)?.accrual ? 'Accrual' : t.role === 'senior' ? 'Senior' : t.role === 'first-loss' ? 'First loss' : 'Subordinate',
      senior: t.role === 'senior', attachmentPct: t.attachmentPct, detachmentPct: t.detachmentPct, collateralGroups: [w?.classGroups[t.name] ?? 1], offered: true,
    });
  });
  const c = spec.collateral;
  return {
    id: spec.id, dealName: spec.dealName, dealId: id, dealType: spec.family === 'Agency' ? 'Agency' : 'RMBS', parentDealName: null,
    source: { kind: 'synthetic', reference: `Custom ${d.DealType} deal ${id} from the ${d.DealName} template (online deal editor)`, notes: ['Template deal with edited bond balances and coupons; no remittance history.'] },
    sourceFile: null, structureFile: null, historySeed: null,
    dates: {
      issue: spec.dates.closingDate, firstPayment: spec.dates.firstPaymentDate, maturity: spec.dates.scheduledMaturityDate,
      earlyRedemption: null, optionalCancellation: null, factor: spec.dates.closingDate,
    },
    earlyRedemptionPct: spec.earlyRedemption.cleanUpPctOfCutOff, cleanUpCallPct: spec.earlyRedemption.cleanUpPctOfCutOff,
    index: { name: 'SOFR', valueAtIssuePct: null },
    waterfall: { mode: 'sequential', mceThresholdPct: null },
    collateral: {
      originalBalance: c.cutOffBalance, loanCount: Math.max(1, Math.round(c.cutOffBalance / 300_000)), wacPct: c.wacPct, netWacPct: null,
      wam: c.wam, wala: c.wala,
      replines: c.repLines.map((l) => ({ group: l.collateralGroup, balance: l.balance, wacPct: l.grossCouponPct, netWacPct: l.netCouponPct, wam: l.remainingTermMonths, wala: l.ageMonths })),
      pools: null,
    },
    bonds, referenceTranches: null, acis: null, cirt: null, performance: performanceAtClosing, loanTape: null,
  };
}

function buildPython(id: number, d: PythonDeal, template: DealSpec | null): BuiltCustomDeal {
  const issues = validatePythonDeal(d);
  if (issues.length) return { issues, rows: [], specs: [] };
  if (!template) return { issues: [{ path: 'DealName', message: 'Failed to get template deal.' }], rows: [], specs: [] };
  let spec: DealSpec;
  try {
    spec = { ...applyBondOverrides(template, overridesOf(d)), id: `custom-${id}`, dealName: d.Name.trim(), fullName: `${d.Name.trim()} (${d.DealName} template)` };
  } catch (e) {
    return { issues: [{ path: 'CustomFields', message: e instanceof Error ? e.message : String(e) }], rows: [], specs: [] };
  }
  const engineIssues = validateDeal(spec);
  if (engineIssues.length) return { issues: engineIssues, rows: [], specs: [] };
  const file = pythonFile(id, d, spec);
  return { issues: [], rows: [rowsOf(recordOf(file, file.bonds ?? [], spec), id, id)], specs: [spec] };
}

/** Validates and builds the catalog deals of a custom deal. */
export function buildCustomDeal(input: BuildCustomDealInput): BuiltCustomDeal {
  const p = input.payload;
  switch (p.Type) {
    case 'CIRT': return buildCirt(input.id, p);
    case 'STACR_ACIS': return buildStacrAcis(input.id, p);
    case 'PYTHON': return buildPython(input.id, p, input.template);
  }
}
