import type { CollateralCashflowLists } from '@opencrt/contracts';

/**
 * A well-formed collateral cashflow for tests and demo data: a level pool paying `cpr`/`cdr`
 * (annual) with `severity` loss on defaults at `rate` interest, 25 bp servicing, for `periods` months.
 */
export function sampleCashflowLists(periods: number, start: number, speeds = { cpr: 0.12, cdr: 0.01, severity: 0.3, rate: 0.065, libor: 0.04 }): CollateralCashflowLists {
  const c: CollateralCashflowLists = {
    Balance: [start], Interest: [0], PassThru: [0], ScheduledPrincipal: [0], PrepaidPrincipal: [0],
    Defaults: [0], Losses: [0], Recoveries: [0], Delinquency: [0], Libor: [0],
  };
  const smm = 1 - (1 - speeds.cpr) ** (1 / 12);
  const mdr = 1 - (1 - speeds.cdr) ** (1 / 12);
  let balance = start;
  for (let k = 1; k <= periods; k++) {
    const cents = (x: number) => Math.round(x * 100) / 100;
    const defaults = cents(balance * mdr);
    const scheduled = cents((balance - defaults) / (periods - k + 1) / 4);
    const prepaid = cents((balance - defaults - scheduled) * smm);
    const losses = cents(defaults * speeds.severity);
    c.Interest.push(cents(balance * speeds.rate / 12));
    c.PassThru.push(cents(balance * (speeds.rate - 0.0025) / 12));
    c.ScheduledPrincipal.push(scheduled);
    c.PrepaidPrincipal.push(prepaid);
    c.Defaults.push(defaults);
    c.Losses.push(losses);
    c.Recoveries.push(cents(defaults - losses));
    c.Delinquency.push(0.01);
    c.Libor.push(speeds.libor);
    balance = cents(balance - defaults - scheduled - prepaid);
    c.Balance.push(balance);
  }
  return c;
}
