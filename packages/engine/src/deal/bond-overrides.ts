import type { DealSpec, MacrClass, ReferenceTranche } from './deal-spec.ts';
import type { CashFlowWaterfall, ClassInterest } from './cash-flow-spec.ts';

/** A user's change to one class of a template deal (spec 001 "CustomFields keyed by bond name"). */
export interface BondOverride {
  /** New original balance, dollars; 0 or less drops the class. */
  balance?: number;
  /** New coupon, percent (fixed classes: the rate; floaters: the margin). */
  couponPct?: number;
}

const cents = (x: number): number => Math.round(x * 100);

/**
 * A cash-flow template deal (FHLMC 5005, NQM GENERIC) with per-class balances and coupons
 * overridden. The collateral follows the classes: each group's rep lines are rescaled pro rata
 * so that the group's collateral equals its classes (plus the OC share of a single-group deal);
 * a PAC schedule is scaled with its classes; classes at 0 or below are dropped, and so are
 * groups left without classes. Attachment/detachment points are recomputed.
 * @throws RangeError for an unknown class, a negative coupon, or no class left
 */
export function applyBondOverrides(template: DealSpec, overrides: Readonly<Record<string, BondOverride>>): DealSpec {
  if (template.waterfall.kind !== 'cash-flow') throw new RangeError(`${template.dealName} is not a template deal (cash-flow waterfall)`);
  const w = template.waterfall;
  for (const [name, o] of Object.entries(overrides)) {
    if (!template.tranches.some((t) => t.name === name)) throw new RangeError(`Bond ${name} is not in ${template.dealName}.`);
    if (o.couponPct !== undefined && !(o.couponPct >= 0 && o.couponPct < 25)) throw new RangeError(`Coupon of ${name} must be between 0 and 25 %.`);
    if (o.balance !== undefined && !Number.isFinite(o.balance)) throw new RangeError(`Balance of ${name} must be a number.`);
  }
  const balanceOf = (t: ReferenceTranche): number => cents(overrides[t.name]?.balance ?? t.originalNotional) / 100;
  const kept = template.tranches.filter((t) => balanceOf(t) > 0);
  if (kept.length === 0) throw new RangeError('At least one bond needs a balance above 0.');
  const keep = new Set(kept.map((t) => t.name));
  const groupOf = (name: string): number => w.classGroups[name] ?? 1;
  const groups = [...new Set(kept.map((t) => groupOf(t.name)))];

  // Collateral per group = its classes (+ OC when the deal has one group).
  const ocCents = cents(w.overcollateralization?.initial ?? 0);
  const target = new Map(groups.map((g) => [g, kept.filter((t) => groupOf(t.name) === g).reduce((s, t) => s + cents(balanceOf(t)), 0)]));
  if (groups.length === 1 && ocCents > 0) target.set(groups[0] as number, (target.get(groups[0] as number) ?? 0) + ocCents);
  const repLines = scaleLines(template, target);
  const cutOffCents = repLines.reduce((s, l) => s + cents(l.balance), 0);

  const tranches = stackPoints(kept.map((t) => ({ ...t, originalNotional: balanceOf(t), marginPct: couponMargin(t, overrides) })), cutOffCents);
  const waterfall: CashFlowWaterfall = {
    ...w,
    interest: w.interest.filter((c) => keep.has(c.tranche)).map((c) => withCoupon(c, overrides[c.tranche]?.couponPct)),
    interestOrder: w.interestOrder.map((set) => set.filter((n) => keep.has(n))).filter((set) => set.length > 0),
    groups: w.groups.filter((g) => groups.includes(g.collateralGroup)).map((g) => ({
      ...g,
      steps: g.steps.map((s) => {
        const order = s.order.map((set) => set.filter((n) => keep.has(n))).filter((set) => set.length > 0);
        return { ...s, order, schedule: s.schedule ? scaleSchedule(s.schedule, s.order.flat(), template, order.flat().map((n) => kept.find((t) => t.name === n) as ReferenceTranche), balanceOf) : null };
      }).filter((s) => s.order.length > 0),
    })),
    lossOrder: w.lossOrder.filter((n) => keep.has(n)),
    classGroups: Object.fromEntries(Object.entries(w.classGroups).filter(([n]) => keep.has(n))),
  };
  const macrClasses: MacrClass[] = template.macrClasses
    .map((m) => ({ ...m, components: m.components.filter((c) => keep.has(c.note)) }))
    .filter((m) => m.components.length > 0)
    .map((m) => ({ ...m, originalBalance: m.components.reduce((s, c) => s + cents(c.share * balanceOf(kept.find((t) => t.name === c.note) as ReferenceTranche)), 0) / 100 }));
  const wac = repLines.reduce((s, l) => s + l.grossCouponPct * l.balance, 0) / (cutOffCents / 100);
  return {
    ...template,
    collateral: { ...template.collateral, cutOffBalance: cutOffCents / 100, wacPct: Math.round(wac * 1000) / 1000, repLines },
    tranches,
    macrClasses,
    waterfall,
  };
}

function couponMargin(t: ReferenceTranche, overrides: Readonly<Record<string, BondOverride>>): number | null {
  const c = overrides[t.name]?.couponPct;
  return t.marginPct !== null && c !== undefined ? c : t.marginPct;
}

function withCoupon(c: ClassInterest, couponPct: number | undefined): ClassInterest {
  if (couponPct === undefined) return c;
  if (c.coupon.kind === 'floater') return { ...c, coupon: { ...c.coupon, marginPct: couponPct } };
  return { ...c, coupon: { kind: 'fixed', ratePct: couponPct } };
}

/** Rep lines of kept groups, each group scaled to its target (cents; residual to its largest line). */
function scaleLines(template: DealSpec, target: Map<number, number>): DealSpec['collateral']['repLines'] {
  const out: DealSpec['collateral']['repLines'] = [];
  for (const [g, goal] of target) {
    const lines = template.collateral.repLines.filter((l) => l.collateralGroup === g);
    const total = lines.reduce((s, l) => s + cents(l.balance), 0);
    const scaled = lines.map((l) => ({ ...l, balance: Math.round((cents(l.balance) * goal) / total) / 100 }));
    const residual = goal - scaled.reduce((s, l) => s + cents(l.balance), 0);
    const largest = scaled.reduce((a, l) => (l.balance > a.balance ? l : a), scaled[0] as (typeof scaled)[number]);
    largest.balance = (cents(largest.balance) + residual) / 100;
    out.push(...scaled);
  }
  return out;
}

/** A PAC schedule scaled by the new over the old aggregate balance of its classes. */
function scaleSchedule(schedule: number[], oldNames: string[], template: DealSpec, kept: ReferenceTranche[], balanceOf: (t: ReferenceTranche) => number): number[] {
  const before = oldNames.reduce((s, n) => s + (template.tranches.find((t) => t.name === n)?.originalNotional ?? 0), 0);
  const after = kept.reduce((s, t) => s + balanceOf(t), 0);
  return schedule.map((x) => (before > 0 ? Math.round(((x * after) / before) * 100) / 100 : 0));
}

/**
 * Attachment/detachment points of a stack listed senior first, percent of the collateral:
 * a class attaches above the classes listed after it plus any overcollateralization.
 */
function stackPoints(tranches: ReferenceTranche[], cutOffCents: number): ReferenceTranche[] {
  const pct = (x: number): number => Math.round(((x * 100) / cutOffCents) * 1e4) / 1e4;
  let below = cutOffCents - tranches.reduce((s, t) => s + cents(t.originalNotional), 0);
  const out = [...tranches].reverse().map((t) => {
    const attach = below;
    below += cents(t.originalNotional);
    return { ...t, attachmentPct: pct(attach), detachmentPct: pct(below) };
  });
  return out.reverse();
}
