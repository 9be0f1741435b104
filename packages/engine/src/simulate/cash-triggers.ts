import type { CashDealRun } from './run-cash-deal.ts';
import type { MiscVariables, TriggerRow } from './simulation-types.ts';

const dollars = (c: number): number => c / 100;
const sum = (xs: readonly number[], pick: (i: number) => boolean = () => true): number => xs.reduce((s, x, i) => (pick(i) ? s + x : s), 0);

/**
 * "Show Trigger Info" rows of a cash-flow deal in the same TriggerRow shape as STACR/CAS: the
 * senior share is the senior classes over the collateral, the cumulative-loss and delinquency
 * checks are the deal's trigger (null when it has none); reference-pool-only fields are 0/null.
 */
export function cashMiscVariables(run: CashDealRun, dates: number[]): MiscVariables {
  const w = run.spec.waterfall.kind === 'cash-flow' ? run.spec.waterfall : null;
  // A run showing one collateral group reports that group's collateral and classes only.
  const shown = run.spec.tranches.map((t) => run.collateralGroup === null || (w?.classGroups[t.name] ?? 1) === run.collateralGroup);
  const inView = (i: number): boolean => shown[i] === true;
  const senior = run.spec.tranches.map((t, i) => t.role === 'senior' && inView(i));
  const isSenior = (i: number): boolean => senior[i] === true;
  const bandOf = (pd: number): number | null => {
    const bands = w?.trigger?.cumulativeLossBands ?? [];
    let max: number | null = null;
    for (const b of bands) if (b.fromPaymentDateNumber <= pd) max = b.maxPct / 100;
    return max;
  };
  const dlqMax = w?.trigger?.delinquencyMaxPct ?? null;
  const triggers: TriggerRow[] = run.waterfall.periods.map((p, i) => {
    const c = run.shownCollections?.[i] ?? p.collections;
    const notionals = sum(p.notional, inView);
    const seniorPct = c.beginBalance > 0 ? sum(p.prior, isSenior) / c.beginBalance : 0;
    const cnlLimit = bandOf(p.paymentDateNumber);
    return {
      Period: i + 1, PaymentDate: dates[i] as number, PaymentDateNumber: p.paymentDateNumber,
      SeniorPct: seniorPct, SubordinatePct: 1 - seniorPct,
      MinimumCreditEnhancementThresholdPct: null, MinimumCreditEnhancementTest: null,
      DelinquencyAverage: p.delinquencyPct, DelinquencyLimit: dlqMax === null ? 0 : dlqMax / 100,
      DelinquencyTest: dlqMax === null ? null : p.delinquencyPct <= dlqMax / 100,
      CumulativeNetLoss: dollars(p.cumulativeLoss), CumulativeNetLossPct: p.cumulativeLossPct, CumulativeNetLossLimitPct: cnlLimit,
      CumulativeNetLossTest: cnlLimit === null ? null : p.cumulativeLossPct <= cnlLimit, ClassA1CumulativeNetLossTest: null,
      AllTestsPass: p.triggerPass ?? true, OfferedReferenceTranchePct: 0,
      StatedPrincipal: dollars(c.scheduled + c.prepaid), CreditEventAmount: dollars(c.defaults), RecoveryPrincipal: dollars(c.recoveries),
      TrancheWriteDownAmount: dollars(sum(p.writeDown, inView)), SeniorReductionAmount: dollars(sum(p.principal, isSenior)),
      SubordinateReductionAmount: dollars(sum(p.principal, (k) => inView(k) && !isSenior(k))), SupplementalReductionAmount: 0,
      PoolBalance: dollars(c.endBalance), TrancheNotionalTotal: dollars(notionals),
      Overcollateralization: run.shownCollections ? dollars(p.redemption ? 0 : c.endBalance - notionals) : dollars(p.overcollateralization),
      Redemption: p.redemption,
    };
  });
  const redemption = run.waterfall.periods.findIndex((p) => p.redemption);
  return {
    StepOrderConvention: run.convention, LossSource: run.lossSource,
    FirstPaymentDateNumber: run.waterfall.periods[0]?.paymentDateNumber ?? 1,
    RedemptionPeriod: redemption >= 0 ? redemption + 1 : null,
    Triggers: triggers,
  };
}
