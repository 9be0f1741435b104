import { createFlows, type CollateralFlows, type CollateralScenario } from './collateral-types.ts';

/**
 * A user's collateral cashflow (spec 002 "User collateral cashflow"): parallel per-period lists
 * where index 0 is the starting point (only Balance is read there) and index k ≥ 1 is projection
 * month k. Amounts in dollars; Delinquency and Libor are fractions.
 */
export interface UserCollateralRows {
  Balance: readonly number[];
  Interest: readonly number[];
  PassThru: readonly number[];
  ScheduledPrincipal: readonly number[];
  PrepaidPrincipal: readonly number[];
  Defaults: readonly number[];
  Losses: readonly number[];
  Recoveries: readonly number[];
  Delinquency: readonly number[];
  Libor: readonly number[];
}

export const USER_COLLATERAL_LISTS = [
  'Balance', 'Interest', 'PassThru', 'ScheduledPrincipal', 'PrepaidPrincipal',
  'Defaults', 'Losses', 'Recoveries', 'Delinquency', 'Libor',
] as const satisfies readonly (keyof UserCollateralRows)[];

/** Problems that make a cashflow unusable as collateral, in words a user can act on (empty = usable). */
export function userCollateralProblems(rows: UserCollateralRows): string[] {
  const n = rows.Balance.length;
  const problems: string[] = [];
  if (n < 2) problems.push('A collateral cashflow needs a starting balance and at least one period.');
  for (const key of USER_COLLATERAL_LISTS) {
    if (rows[key].length !== n) problems.push(`${key} has ${rows[key].length} values; Balance has ${n}.`);
  }
  if (problems.length > 0) return problems;
  if (!((rows.Balance[0] ?? 0) > 0)) problems.push('The starting Balance (period 0) must be above 0.');
  for (let k = 1; k < n; k++) {
    const begin = rows.Balance[k - 1] ?? 0;
    const paid = (rows.ScheduledPrincipal[k] ?? 0) + (rows.PrepaidPrincipal[k] ?? 0) + (rows.Defaults[k] ?? 0);
    // A period cannot retire more principal than the balance it started with (a cent of slack for rounding).
    if (paid > begin + 0.01) {
      problems.push(`Period ${k}: scheduled + prepaid principal + defaults (${paid.toFixed(2)}) exceed the starting balance (${begin.toFixed(2)}).`);
      break;
    }
    // A reference pool only pays down: a rising Balance has no principal split, and the waterfall
    // (Σ notionals = pool UPB) could not follow it; it threw instead of answering (issue 23).
    const balance = rows.Balance[k] ?? 0;
    if (balance > begin + 0.01) {
      problems.push(`Period ${k}: Balance (${balance.toFixed(2)}) is above the previous period's Balance (${begin.toFixed(2)}); a collateral balance cannot rise.`);
      break;
    }
  }
  return problems;
}

/**
 * Turns uploaded rows into the engine's monthly pool flows for a run whose collateral starts at
 * `startBalance`. The file gives the shape of the collateral's life; its amounts are scaled by
 * startBalance / Balance[0] so that the pool the waterfall sees equals the tranches' notionals at
 * the run's start (a file made for another month or group still runs consistently). Months past
 * the file's last period carry no cash and keep the last balance.
 */
export function userCollateralFlows(rows: UserCollateralRows, startBalance: number, months: number): CollateralFlows {
  const flows = createFlows(months);
  const fileStart = rows.Balance[0] as number;
  // Same balance to the cent: replay the amounts exactly (no floating-point rescaling noise).
  const scale = Math.abs(startBalance - fileStart) < 0.005 ? 1 : startBalance / fileStart;
  const last = rows.Balance.length - 1;
  for (let m = 0; m < months; m++) {
    const k = m + 1;
    const begin = (k <= last ? (rows.Balance[k - 1] as number) : (rows.Balance[last] as number)) * scale;
    flows.beginBalance[m] = begin;
    if (k > last) {
      flows.balance[m] = begin;
      continue;
    }
    const at = (list: readonly number[]): number => (list[k] ?? 0) * scale;
    flows.balance[m] = at(rows.Balance);
    flows.interest[m] = at(rows.Interest);
    flows.passThru[m] = at(rows.PassThru);
    flows.scheduled[m] = at(rows.ScheduledPrincipal);
    flows.prepaid[m] = at(rows.PrepaidPrincipal);
    flows.defaults[m] = at(rows.Defaults);
    flows.losses[m] = at(rows.Losses);
    flows.recoveries[m] = at(rows.Recoveries);
    flows.delinquency[m] = rows.Delinquency[k] ?? 0;
    // Rates and speeds shown with the collateral rows are implied by the amounts.
    if (begin > 0) {
      flows.grossRate[m] = (flows.interest[m] as number) * 12 / begin;
      flows.netRate[m] = (flows.passThru[m] as number) * 12 / begin;
      const mdr = (flows.defaults[m] as number) / begin;
      const afterScheduled = begin - (flows.scheduled[m] as number) - (flows.defaults[m] as number);
      const smm = afterScheduled > 0 ? (flows.prepaid[m] as number) / afterScheduled : 0;
      flows.cpr[m] = 1 - (1 - Math.min(1, smm)) ** 12;
      flows.cdr[m] = 1 - (1 - Math.min(1, mdr)) ** 12;
    }
    const defaults = flows.defaults[m] as number;
    flows.severity[m] = defaults > 0 ? (flows.losses[m] as number) / defaults : 0;
  }
  return flows;
}

/** The file's Libor column as the run's index path (fractions by month), or null when it is all zero. */
export function userCollateralIndexPath(rows: UserCollateralRows): number[] | null {
  const path = rows.Libor.slice(1);
  return path.some((v) => v !== 0) ? [...path] : null;
}

/** A projector for runDeal / runCashDeal that ignores the scenario's speeds and replays the rows. */
export function userCollateralProjector(rows: UserCollateralRows, startBalance: number) {
  return (_scenario: CollateralScenario, months: number): CollateralFlows => userCollateralFlows(rows, startBalance, months);
}
