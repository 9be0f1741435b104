import type { CashFlowWaterfall, ClassInterest } from '../deal/cash-flow-spec.ts';
import type { ClassLedger } from './class-ledger.ts';

/** A principal step with class names resolved to ledger indexes and the PAC schedule in cents. */
export interface ResolvedStep {
  order: number[][];
  /** Every class of the step (the single pro-rata set while the trigger passes). */
  members: number[];
  proRataUnlessTriggered: boolean;
  schedule: number[] | null;
}

/** One collateral group's share of the rules: its classes, interest sets, steps, loss order. */
export interface ResolvedGroup {
  collateralGroup: number;
  classes: number[];
  interestOrder: number[][];
  steps: ResolvedStep[];
  lossOrder: number[];
}

export interface ResolvedWaterfall {
  /** Same order as the collections' groups. */
  groups: ResolvedGroup[];
  /** Interest terms by class index (null: the class bears no interest). */
  interest: (ClassInterest | null)[];
}

const cents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Resolves names once per run and checks that the rules fit the classes and the collateral
 * groups, so that the period loop needs no lookups and a malformed deal fails before it runs.
 * @param collateralGroups group number of each collections series, in their order
 */
export function resolveWaterfall(ledger: ClassLedger, w: CashFlowWaterfall, collateralGroups: readonly number[]): ResolvedWaterfall {
  const n = ledger.names.length;
  for (const name of Object.keys(w.classGroups)) ledger.at(name);
  const groupOf = ledger.names.map((name) => w.classGroups[name] ?? 1);
  ledger.names.forEach((name, k) => {
    if (!collateralGroups.includes(groupOf[k] as number)) throw new Error(`class ${name} belongs to collateral group ${groupOf[k]}, which has no collections`);
  });
  if (collateralGroups.length > 1 && (w.overcollateralization || w.reserveAccount)) {
    // The OC and reserve specs are deal-level amounts; no deal of the catalog combines them with several groups.
    throw new Error('overcollateralization and reserve accounts are supported for single-group deals only');
  }

  const interest: (ClassInterest | null)[] = new Array<ClassInterest | null>(n).fill(null);
  for (const ci of w.interest) {
    const k = ledger.at(ci.tranche);
    if (interest[k]) throw new Error(`class ${ci.tranche} has two interest entries`);
    interest[k] = ci;
  }
  const seen = new Set<number>();
  for (const set of w.interestOrder) {
    for (const name of set) {
      const k = ledger.at(name);
      if (seen.has(k)) throw new Error(`class ${name} appears twice in the interest order`);
      seen.add(k);
    }
  }
  interest.forEach((ci, k) => {
    if (ci && ci.coupon.kind !== 'none' && !seen.has(k)) throw new Error(`class ${ledger.names[k]} bears interest but is missing from the interest order`);
  });

  for (const gp of w.groups) {
    if (!collateralGroups.includes(gp.collateralGroup)) throw new Error(`principal steps for collateral group ${gp.collateralGroup}, which has no collections`);
  }
  const groups = collateralGroups.map((g): ResolvedGroup => {
    const inGroup = (k: number): boolean => groupOf[k] === g;
    const classes = ledger.names.map((_, k) => k).filter(inGroup);
    const spec = w.groups.find((gp) => gp.collateralGroup === g);
    if (!spec && classes.length > 0) throw new Error(`collateral group ${g} has classes but no principal steps`);
    const steps = (spec?.steps ?? []).map((step): ResolvedStep => {
      const order = step.order.map((set) => set.map((name) => {
        const k = ledger.at(name);
        if (!inGroup(k)) throw new Error(`principal step of group ${g} names class ${name} of group ${groupOf[k]}`);
        return k;
      }));
      return { order, members: order.flat(), proRataUnlessTriggered: step.proRataUnlessTriggered, schedule: step.schedule ? step.schedule.map(cents) : null };
    });
    return {
      collateralGroup: g,
      classes,
      interestOrder: w.interestOrder.map((set) => set.map((name) => ledger.at(name)).filter(inGroup)).filter((set) => set.length > 0),
      steps,
      lossOrder: w.lossOrder.map((name) => ledger.at(name)).filter(inGroup),
    };
  });
  return { groups, interest };
}
