/**
 * Engine DealSpec with a cash-flow waterfall (packages/engine/src/deal/cash-flow-spec.ts) for
 * the demo RMBS, ABS and agency deals, built from their catalog file. The catalog gives the
 * classes, coupons, collateral and groups; the payment rules below are the family's usual
 * ones (synthetic where no deal document is at hand — each spec lists them in `source.notes`):
 * - RMBS (NQM, AOMT, VERUS): pro rata unless the trigger fails, then sequential;
 *   M and B classes sequential after the seniors; coupons capped at the net WAC; seniors step
 *   up 100 bp after payment date 48; optional redemption at the catalog's percent of cut-off;
 * - ABS (FORDO, SDART): sequential with A-2A/A-2B pro rata, OC built to its target from excess
 *   spread, a non-declining reserve account, servicing fee off the top, 10 % clean-up;
 * - Agency pass-through pools: one class at the pass-through rate; FHLMC 5005-style REMICs:
 *   per-group principal, PAC classes to a 100–250 PSA schedule with a support class, a Z
 *   accrual class and an interest-only MACR class on the PACs.
 * `npm run data -- write-structures` writes data/deals/structures/<id>.json from this.
 */
import type { ClassInterest, DealSpec, MacrClass, PrincipalStep, RepLine, ReferenceTranche } from '@opencrt/engine';
import { DEAL_SPEC_SCHEMA_VERSION, pacSchedule } from '@opencrt/engine';
import type { BondFile } from './deal-file.schema.ts';
import type { DealRecord } from './deal-record.builder.ts';
import { monthsBetween } from './deal-dates.ts';
import { cutOffBefore } from './deal-structure.builder.ts';

/** PAC band of the agency REMIC template (PSA). */
export const PAC_BAND_PSA = { low: 100, high: 250 } as const;
/** RMBS senior coupon step-up: +1.00 % after this payment date. */
const RMBS_STEP_UP = { afterPaymentDateNumber: 48, addPct: 1 };

const cents = (x: number): number => Math.round(x * 100);
const round2 = (x: number): number => Math.round(x * 100) / 100;

function repLinesOf(record: DealRecord): RepLine[] {
  return record.repLines.map((r, i) => ({
    id: String(i + 1), collateralGroup: r.group, originalBalance: null, balance: r.balance,
    grossCouponPct: r.wacPct, netCouponPct: r.netWacPct, remainingTermMonths: r.wam,
    originalTermMonths: r.wam + r.wala, ageMonths: r.wala,
  }));
}

function trancheOf(b: BondFile, isLast: boolean): ReferenceTranche {
  const role = b.senior ? 'senior' : isLast ? 'first-loss' : 'note';
  return {
    name: b.name, role, offered: b.offered, pair: null, originalNotional: b.originalBalance,
    attachmentPct: b.attachmentPct ?? 0, detachmentPct: b.detachmentPct ?? 100,
    marginPct: b.coupon.kind === 'floater' ? b.coupon.marginPct : null,
    deemedMarginPct: null, couponFloorPct: b.coupon.kind === 'floater' ? 0 : null, cusip: b.cusip,
  };
}

function interestOf(b: BondFile, options: { netWacCap: boolean; stepUp: boolean; accrual: boolean }): ClassInterest {
  const coupon: ClassInterest['coupon'] = b.coupon.kind === 'fixed' ? { kind: 'fixed', ratePct: b.coupon.ratePct }
    : b.coupon.kind === 'floater' ? { kind: 'floater', marginPct: b.coupon.marginPct, floorPct: 0 } : { kind: 'none' };
  return { tranche: b.name, coupon, netWacCap: options.netWacCap, stepUp: options.stepUp ? RMBS_STEP_UP : null, accrual: options.accrual };
}

const step = (order: string[][], proRataUnlessTriggered = false, schedule: number[] | null = null): PrincipalStep => ({ order, proRataUnlessTriggered, schedule });

/** Consecutive classes sharing a "A-2" prefix (A-2A, A-2B) form one pro-rata set. */
function sequentialSets(names: string[]): string[][] {
  const sets: string[][] = [];
  for (const n of names) {
    const stem = /^(.*\d)[A-Z]$/.exec(n)?.[1];
    const last = sets.at(-1);
    const lastStem = last ? /^(.*\d)[A-Z]$/.exec(last[0] as string)?.[1] : undefined;
    if (last && stem && stem === lastStem) last.push(n);
    else sets.push([n]);
  }
  return sets;
}

/** Build the cash-flow DealSpec of a catalog RMBS, ABS or agency deal. */
export function buildCashDealSpec(record: DealRecord): DealSpec {
  const f = record.file;
  const coll = f.collateral;
  if (!coll) throw new Error(`${f.dealName}: no collateral`);
  const family = f.dealType;
  if (family !== 'RMBS' && family !== 'ABS' && family !== 'Agency') throw new Error(`${f.dealName}: ${family} is not a cash-flow family`);
  const ocBond = record.stack.find((b) => b.bondType === 'Overcollateralization') ?? null;
  const classes = record.stack.filter((b) => b !== ocBond);
  const names = classes.map((b) => b.name);
  const repLines = repLinesOf(record);
  const firstPay = f.dates.firstPayment;
  const maturityN = monthsBetween(firstPay, f.dates.maturity) + 1;
  const notes: string[] = [...f.source.notes, 'Structure built by apps/server/src/modules/deals/cash-structure.builder.ts from the catalog classes.'];
  const macrClasses: MacrClass[] = f.bonds?.filter((b) => b.macr).map((b) => ({
    name: b.name, kind: b.macr?.kind ?? 'principal',
    components: (b.macr?.components ?? []).map((c) => ({ note: c.bond, share: c.share })),
    marginPct: b.coupon.kind === 'floater' ? b.coupon.marginPct : null,
    fixedCouponPct: b.coupon.kind === 'fixed' ? b.coupon.ratePct : null, originalBalance: b.originalBalance,
  })) ?? [];
  const classGroups: Record<string, number> = Object.fromEntries(classes.map((b) => [b.name, b.collateralGroups[0] ?? 1]));
  const base = {
    seniorFeesPct: 0, lossOrder: [...names].reverse(), overcollateralization: null, reserveAccount: null, trigger: null,
    optionalRedemptionPct: null as number | null, classGroups,
  };
  let waterfall: DealSpec['waterfall'];
  let conventions: DealSpec['conventions'];

  if (family === 'RMBS') {
    const seniors = classes.filter((b) => b.senior).map((b) => b.name);
    const subs = classes.filter((b) => !b.senior).map((b) => b.name);
    waterfall = {
      kind: 'cash-flow', ...base,
      interest: classes.map((b) => interestOf(b, { netWacCap: true, stepUp: b.senior, accrual: false })),
      interestOrder: [seniors, ...subs.map((n) => [n])],
      groups: [{ collateralGroup: 1, steps: [step(seniors.map((n) => [n]), true), step(subs.map((n) => [n]))] }],
      trigger: {
        cumulativeLossBands: [
          { fromPaymentDateNumber: 1, maxPct: 1.5 }, { fromPaymentDateNumber: 37, maxPct: 2 },
          { fromPaymentDateNumber: 49, maxPct: 2.75 }, { fromPaymentDateNumber: 61, maxPct: 3.5 },
        ],
        delinquencyMaxPct: 10,
      },
      optionalRedemptionPct: f.earlyRedemptionPct ?? f.cleanUpCallPct ?? null,
    };
    conventions = { stepOrder: 'sifma', fixedLossSharePct: null, recoveryLagMonths: 6, servicerAdvancing: true, roundFlowsToCent: false };
    notes.push('Synthetic rules: seniors pro rata unless the trigger fails (cumulative loss over 1.50 % to PD 36, 2.00 % to 48, 2.75 % to 60, 3.50 % after, or 60+ delinquency over 10 % of the pool), then sequential; M/B sequential; coupons capped at the net WAC; seniors +1.00 % after PD 48; 6-month recovery lag with P&I advancing.');
  } else if (family === 'ABS') {
    const cutOff = coll.originalBalance;
    const ocPct = ocBond ? (ocBond.originalBalance / cutOff) * 100 : 0;
    const subprime = coll.wacPct > 12;
    const reservePct = subprime ? 1 : 0.25;
    waterfall = {
      kind: 'cash-flow', ...base,
      seniorFeesPct: subprime ? 2 : 1,
      interest: classes.map((b) => interestOf(b, { netWacCap: false, stepUp: false, accrual: false })),
      interestOrder: [classes.filter((b) => b.senior).map((b) => b.name), ...classes.filter((b) => !b.senior).map((b) => [b.name])],
      groups: [{ collateralGroup: 1, steps: [step(sequentialSets(names))] }],
      overcollateralization: { initial: ocBond?.originalBalance ?? 0, targetPctOfCurrent: round2(ocPct * 1.75), floorPctOfCutOff: 0.5 },
      reserveAccount: { initial: round2((cutOff * reservePct) / 100), targetPctOfCurrent: 0, floorPctOfCutOff: reservePct },
      optionalRedemptionPct: f.cleanUpCallPct ?? 10,
    };
    conventions = { stepOrder: 'sifma', fixedLossSharePct: null, recoveryLagMonths: 3, servicerAdvancing: false, roundFlowsToCent: false };
    notes.push(`Synthetic rules: servicing fee ${subprime ? 2 : 1} % a year off the top; OC target ${round2(ocPct * 1.75)} % of the current pool (1.75 × the initial ${round2(ocPct)} %), floor 0.50 % of cut-off, built from excess spread; non-declining reserve ${reservePct} % of cut-off; 3-month recovery lag, no advancing.`);
  } else {
    const byGroup = new Map<number, BondFile[]>();
    for (const b of classes) byGroup.set(classGroups[b.name] ?? 1, [...(byGroup.get(classGroups[b.name] ?? 1) ?? []), b]);
    const groups = [...byGroup.entries()].sort(([a], [b]) => a - b).map(([g, members]) => {
      const pac = members.filter((b) => b.bondType === 'PAC').map((b) => b.name);
      const rest = members.filter((b) => b.bondType !== 'PAC').map((b) => b.name);
      if (pac.length === 0) return { collateralGroup: g, steps: [step(rest.map((n) => [n]))] };
      const pacBalance = members.filter((b) => b.bondType === 'PAC').reduce((s, b) => s + b.originalBalance, 0);
      const lines = repLines.filter((l) => l.collateralGroup === g).map((l) => ({
        balance: l.balance, grossRate: l.grossCouponPct / 100, netRate: (l.netCouponPct ?? l.grossCouponPct) / 100, remainingTerm: l.remainingTermMonths, age: l.ageMonths,
      }));
      const schedule = pacSchedule(lines, PAC_BAND_PSA.low, PAC_BAND_PSA.high, pacBalance, maturityN).map(round2);
      // PACs to their schedule, the support classes take the rest; once support is gone the PACs take everything.
      return { collateralGroup: g, steps: [step(pac.map((n) => [n]), false, schedule), step(rest.map((n) => [n])), step(pac.map((n) => [n]))] };
    });
    waterfall = {
      kind: 'cash-flow', ...base,
      interest: classes.map((b) => interestOf(b, { netWacCap: false, stepUp: false, accrual: b.bondType === 'Accrual' })),
      interestOrder: [names],
      groups,
    };
    conventions = { stepOrder: 'sifma', fixedLossSharePct: null, recoveryLagMonths: 0, servicerAdvancing: true, roundFlowsToCent: false };
    notes.push(groups.length > 1 || classes.length > 1
      ? `REMIC rules: each class is paid from its own collateral group; PAC classes to a ${PAC_BAND_PSA.low}–${PAC_BAND_PSA.high} PSA schedule built from the group's collateral, support classes take the rest; accrual (Z) interest is paid as principal; interest-only classes are MACR classes on their notional.`
      : 'Pass-through: the single class receives all principal and interest at the pass-through rate (the guarantee and servicing fees are the gross − net coupon spread). Agency guarantee: CDR and delinquency are forced to 0.');
  }

  const tranches = classes.map((b, i) => trancheOf(b, family !== 'Agency' && i === classes.length - 1));
  const spec: DealSpec = {
    ...specShell(f, repLines, maturityN),
    family,
    source: { document: f.source.reference, references: [`data/deals/catalog/${f.id}.json`], notes },
    conventions,
    tranches,
    macrClasses,
    waterfall,
  };
  const sum = tranches.reduce((s, t) => s + cents(t.originalNotional), 0) + cents(ocBond?.originalBalance ?? 0);
  if (sum !== cents(coll.originalBalance)) throw new Error(`${f.dealName}: classes + OC sum to ${sum / 100}, not the cut-off ${coll.originalBalance}`);
  return spec;
}

/** The parts of a DealSpec every family shares: identity, dates, index, collateral. */
function specShell(f: DealRecord['file'], repLines: RepLine[], maturityN: number) {
  const coll = f.collateral;
  if (!coll) throw new Error(`${f.dealName}: no collateral`);
  const firstPay = f.dates.firstPayment;
  return {
    schemaVersion: DEAL_SPEC_SCHEMA_VERSION,
    id: f.id,
    dealName: f.dealName,
    fullName: f.dealName,
    dates: {
      cutOffDate: cutOffBefore(f.dates.issue), closingDate: f.dates.issue, firstPaymentDate: firstPay, paymentDayOfMonth: Math.min(28, Number(firstPay.slice(8, 10))),
      scheduledMaturityDate: f.dates.maturity, scheduledMaturityPaymentDateNumber: maturityN, firstPaymentDateCollectionMonths: 1,
    },
    earlyRedemption: { timeCallPaymentDateNumber: null, timeCallDate: null, cleanUpPctOfCutOff: Math.min(f.cleanUpCallPct ?? 0, 24.99) },
    index: { name: f.index.name === 'LIBOR' ? 'LIBOR1M' : 'SOFR30A', valueAtIssuePct: f.index.valueAtIssuePct ?? 0, dayCount: 'act/360' as const },
    collateral: { cutOffBalance: coll.originalBalance, wacPct: coll.wacPct, wam: coll.wam, wala: coll.wala, repLines },
  };
}

/** Catalog ids whose structure this module writes (every RMBS, ABS and agency demo deal). */
export function cashStructureTargets(records: readonly DealRecord[]): DealRecord[] {
  return records.filter((r) => ['RMBS', 'ABS', 'Agency'].includes(r.file.dealType) && !r.file.sourceFile);
}

/**
 * The Python-editor templates (spec 001: "templates FHLMC 5005 and NQM GENERIC"): cash-flow
 * structures whose class balances and coupons a custom deal overrides (engine
 * `applyBondOverrides`). FHLMC 5005 is the demo REMIC itself; NQM GENERIC is SYN NQM 2025-1's
 * structure under the template's name.
 */
export function buildTemplates(records: readonly DealRecord[]): { file: string; spec: DealSpec }[] {
  const of = (id: string): DealRecord => {
    const r = records.find((x) => x.file.id === id);
    if (!r) throw new Error(`catalog deal ${id} is missing`);
    return r;
  };
  const remic = buildCashDealSpec(of('fhlmc-5005'));
  const nqm = buildCashDealSpec(of('syn-nqm-2025-1'));
  return [
    { file: 'fhlmc-5005.json', spec: { ...remic, fullName: 'FHLMC 5005 REMIC template' } },
    {
      file: 'nqm-generic.json',
      spec: {
        ...nqm, id: 'nqm-generic', dealName: 'NQM GENERIC', fullName: 'Generic non-QM RMBS template',
        source: { ...nqm.source, notes: [...(nqm.source.notes ?? []), 'Template: SYN NQM 2025-1 under the name NQM GENERIC.'] },
      },
    },
  ];
}
