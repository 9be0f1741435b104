import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import { referenceWaterfall } from '../deal/waterfall-kind.ts';
import type { CollateralScenario } from '../collateral/collateral-types.ts';
import { projectLoans } from '../collateral/project-loans.ts';
import { userCollateralIndexPath, userCollateralProblems, userCollateralProjector, type UserCollateralRows } from '../collateral/user-collateral.ts';
import { startingLines } from './run-deal.ts';
import type { LoanTape } from '../collateral/project-loans.ts';
import { bondRows } from './bond-cashflows.ts';
import { bondMetrics } from './bond-metrics.ts';
import { paymentDateCollateralRows } from './collateral-rows.ts';
import { isoToYmd, ymdToIso } from './deal-dates.ts';
import { hasIndexCurve, requestToScenario, requestVectorToRate } from './request-scenario.ts';
import { runToLossTiming } from './loss-timing-run.ts';
import { runAnyDeal } from './run-any-deal.ts';
import { runFromSettlement } from './run-from-settlement.ts';
import { cashMiscVariables } from './cash-triggers.ts';
import type { AnyDealRun } from './bond-cashflows.ts';
import type { CollateralProjector, DealRun, DealScenario } from './run-deal.ts';
import type { MiscVariables, SimulationRequest, SimulationResponse, TriggerRow } from './simulation-types.ts';

/**
 * Runs a Simulation request against a deal and returns the spec's response: projected
 * losses, collateral rows by payment date, one BondsCashflows entry per reference tranche and
 * MACR class (or only `BondName` when given) with Wal/PrincipalWindow/WritedownPct, and the
 * per-period trigger values in MiscVariables. Validate the request first
 * (`validateSimulationRequest`); this function trusts its inputs.
 * @param spec deal structure
 * @param request simulation request (rates as fractions)
 * @param asOf deal state at the settlement date (null = from closing)
 * @param tape loan tape for `RunLoanLevel` runs (balances summing to the starting pool balance);
 *        without it, or with RunLoanLevel false, the deal's rep lines are projected
 */
export function simulate(spec: DealSpec, request: SimulationRequest, asOf: DealState | null, tape: LoanTape | null = null): SimulationResponse {
  const run = runRequest(spec, request, asOf, tape);
  // The run's rows begin after the settlement date (runFromSettlement), so WAL is measured from it.
  const settlement = request.SettlementDate ? ymdToIso(request.SettlementDate) : null;
  return responseOf(run, request.BondName ?? null, settlement ?? spec.dates.closingDate);
}

/**
 * Runs the request's scenario on the deal: the collateral is the user's prerun cashflow when the
 * request carries one (its Libor column, when not all zero, is the index path), else the loan tape
 * for RunLoanLevel runs, else the deal's rep lines. With a SettlementDate, periods paid on or before
 * it are left out (`runFromSettlement`): period 1 is the first payment date after settlement.
 */
export function runRequest(spec: DealSpec, request: SimulationRequest, asOf: DealState | null, tape: LoanTape | null = null): AnyDealRun {
  // Period 1 is the first payment date after the request's settlement date (issue 23 #7).
  return runFromSettlement(projectRequest(spec, request, asOf, tape), request.SettlementDate ? ymdToIso(request.SettlementDate) : null);
}

function projectRequest(spec: DealSpec, request: SimulationRequest, asOf: DealState | null, tape: LoanTape | null): AnyDealRun {
  const prerun = request.UserCollateralCashflow ?? null;
  if (prerun) {
    const scenario = requestToScenario(spec, { ...request, Cpr: request.Cpr ?? 0, Cdr: request.Cdr ?? 0, LossSeverity: request.LossSeverity ?? 0, Delinquency: request.Delinquency ?? 0, Libor: request.Libor ?? 0 });
    const p = prerunCollateral(spec, asOf, scenario, prerun);
    // A forward curve given with the request wins over the file's Libor column.
    return runAnyDeal(spec, hasIndexCurve(request) ? { ...p.scenario, indexRate: scenario.indexRate } : p.scenario, asOf, p.project);
  }
  const project = request.RunLoanLevel && tape ? (sc: CollateralScenario, months: number) => projectLoans(tape, sc, months) : undefined;
  const scenario = requestToScenario(spec, request);
  const timing = request.LossTiming ?? null;
  if (timing && spec.family !== 'Agency') {
    // A cumulative loss with its timing: the CDR is searched on this run's own collateral (issue 34 #5).
    const runWith = (cdr: number[]) => runAnyDeal(spec, { ...scenario, default: { kind: 'annual', values: cdr } }, asOf, project);
    return runToLossTiming(runWith, timing, requestVectorToRate(request.Cdr), scenario.severity);
  }
  return runAnyDeal(spec, scenario, asOf, project);
}

/**
 * The scenario and collateral projector of a run on a prerun cashflow: the rows replace the
 * projection (scaled to the pool the run starts from) and the file's Libor column, when not all
 * zero, is the index path. Shared by deal, bond, ACIS and portfolio-line runs so they agree.
 */
export function prerunCollateral(spec: DealSpec, asOf: DealState | null, scenario: DealScenario, rows: UserCollateralRows): { scenario: DealScenario; project: CollateralProjector } {
  const index = userCollateralIndexPath(rows);
  const start = startingLines(spec, asOf, scenario.collateralGroup).reduce((s, l) => s + l.balance, 0);
  return { scenario: index ? { ...scenario, indexRate: index } : scenario, project: userCollateralProjector(rows, start) };
}

/**
 * Problems that stop a prerun collateral cashflow from running on this deal (empty = runs).
 * Multi-group cash-flow deals project each group separately, and one file cannot say which
 * group's collateral it is.
 */
export function prerunProblems(spec: DealSpec, request: SimulationRequest): string[] {
  const prerun = request.UserCollateralCashflow;
  if (!prerun) return [];
  const groups = new Set(spec.collateral.repLines.map((l) => l.collateralGroup));
  if (spec.waterfall.kind !== 'reference-tranche' && groups.size > 1 && request.CollateralGroup == null) {
    return ['A prerun collateral cashflow runs on one collateral group: choose the group it belongs to.'];
  }
  return userCollateralProblems(prerun);
}

/**
 * Shapes a deal run as the spec's response.
 * @param run deal run
 * @param bondName only this bond (null = all tranches and MACR classes)
 * @param fromIso settlement date (ISO) from which WAL is measured
 */
export function responseOf(run: AnyDealRun, bondName: string | null, fromIso: string): SimulationResponse {
  const dates = run.paymentDates.map(isoToYmd);
  const collateral = paymentDateCollateralRows(run.flows, run.pool, dates);
  const bonds = bondRows(run, collateral, bondName)
    .map((b) => ({ BondName: b.name, BondCashflow: b.rows, ...bondMetrics(b.rows, b.startBalance, fromIso, false, b.interestOnly ? b.startBalance : null) }));
  return {
    ProjectedLosses: collateral.reduce((s, r) => s + r.Losses, 0),
    CollateralCashflow: collateral,
    BondsCashflows: bonds,
    MiscVariables: run.kind === 'cash-flow' ? cashMiscVariables(run, dates) : miscVariables(run, dates),
  };
}

function miscVariables(run: DealRun, dates: number[]): MiscVariables {
  const w = run.waterfall;
  const mce = referenceWaterfall(run.spec).tests.minimumCreditEnhancement;
  const triggers: TriggerRow[] = w.periods.map((p, i) => ({
    Period: i + 1, PaymentDate: dates[i] as number, PaymentDateNumber: p.pool.paymentDateNumber,
    SeniorPct: p.seniorPct, SubordinatePct: p.subordinatePct,
    MinimumCreditEnhancementThresholdPct: mce ? mce.thresholdPct / 100 : null,
    MinimumCreditEnhancementTest: p.tests.minimumCreditEnhancement,
    DelinquencyAverage: p.delinquencyAverage / 100, DelinquencyLimit: p.delinquencyLimit / 100, DelinquencyTest: p.tests.delinquency,
    CumulativeNetLoss: p.cumulativeNetLoss / 100, CumulativeNetLossPct: p.cumulativeNetLossPct, CumulativeNetLossLimitPct: p.cnlLimitPct,
    CumulativeNetLossTest: p.tests.cumulativeNetLoss, ClassA1CumulativeNetLossTest: p.tests.classA1CumulativeNetLoss,
    AllTestsPass: p.tests.allPass, OfferedReferenceTranchePct: p.offeredReferenceTranchePct,
    StatedPrincipal: p.pool.statedPrincipal / 100, CreditEventAmount: p.pool.creditEvents / 100,
    RecoveryPrincipal: p.recoveryPrincipal / 100, TrancheWriteDownAmount: p.writeDownAmount / 100,
    SeniorReductionAmount: p.seniorReduction / 100, SubordinateReductionAmount: p.subordinateReduction / 100,
    SupplementalReductionAmount: p.supplementalReduction / 100, PoolBalance: p.pool.upbEnd / 100,
    TrancheNotionalTotal: p.notional.reduce((s, x) => s + x, 0) / 100, Overcollateralization: p.overcollateralization / 100, Redemption: p.redemption,
  }));
  const redemption = w.periods.findIndex((p) => p.redemption);
  return {
    StepOrderConvention: run.convention,
    LossSource: run.lossSource,
    FirstPaymentDateNumber: w.periods[0]?.pool.paymentDateNumber ?? 1,
    RedemptionPeriod: redemption >= 0 ? redemption + 1 : null,
    Triggers: triggers,
  };
}
