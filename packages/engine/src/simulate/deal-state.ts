import type { DealState } from '../deal/deal-spec.ts';
import type { DealRun } from './run-deal.ts';

/**
 * The deal state after payment date `paymentDateNumber` of a run (e.g. to roll a demo deal
 * forward or to check a mid-life restart). Money in dollars.
 * @param run a completed deal run
 * @param paymentDateNumber absolute payment date number reached by the run
 * @param repLineBalances rep-line balances at that point (null = scale the cut-off lines pro rata)
 */
export function stateAfter(run: DealRun, paymentDateNumber: number, repLineBalances: number[] | null = null): DealState {
  const periods = run.waterfall.periods;
  const idx = periods.findIndex((p) => p.pool.paymentDateNumber === paymentDateNumber);
  if (idx < 0) throw new RangeError(`payment date ${paymentDateNumber} is not in the run`);
  const p = periods[idx]!;
  const names = run.waterfall.tranches;
  const notionals: Record<string, number> = {};
  const cumulativeWriteDowns: Record<string, number> = {};
  const cum = names.map(() => 0);
  for (let i = 0; i <= idx; i++) {
    const q = periods[i]!;
    names.forEach((_, k) => { cum[k] = (cum[k] as number) + (q.writeDown[k] as number) - (q.writeUp[k] as number); });
  }
  names.forEach((n, k) => {
    notionals[n] = (p.notional[k] as number) / 100;
    cumulativeWriteDowns[n] = (cum[k] as number) / 100;
  });
  return {
    lastPaymentDateNumber: paymentDateNumber,
    poolBalance: p.pool.upbEnd / 100,
    repLineBalances,
    notionals,
    cumulativeWriteDowns,
    overcollateralization: p.overcollateralization / 100,
    cumulativeNetLoss: p.cumulativeNetLoss / 100,
    distressedHistory: periods.slice(Math.max(0, idx - 4), idx + 1).map((q) => q.pool.distressed / 100),
    classA1TestFailed: periods.slice(0, idx + 1).some((q) => q.tests.classA1CumulativeNetLoss === false),
  };
}
