import { CUMULATIVE_LOSS_LABEL, LOSS_TIMING_LABEL, LOSS_TIMING_NEEDS_LOSS, lossTimingShares, type SimulationRequestBody } from '@opencrt/contracts';
import { cdrFromLossTiming, requestVectorToRate, type DealSpec } from '@opencrt/engine';
import { Invalid } from '../../http/errors.ts';

/**
 * The CDR of a request that gives a cumulative loss and its timing by year (issue 25 #6): the
 * engine's derivation (rates/loss-timing.ts) under the request's severity and CPR, as a request
 * vector (leading period-0 element). Null when the request has no timing curve (its CDR stands).
 * The contract has checked each field; this checks that they come together and that there is a
 * severity to turn the loss into defaults.
 */
export function lossTimingCdr(body: Pick<SimulationRequestBody, 'LossTiming' | 'CumulativeLoss'>, cpr: number | number[] | undefined, severity: number | number[] | undefined): number[] | null {
  const timing = body.LossTiming;
  const given = timing !== null && timing !== undefined && !(typeof timing === 'string' && !timing.trim());
  if (!given) {
    if (body.CumulativeLoss !== null && body.CumulativeLoss !== undefined) throw new Invalid(`${CUMULATIVE_LOSS_LABEL} needs a ${LOSS_TIMING_LABEL}.`);
    return null;
  }
  if (body.CumulativeLoss === null || body.CumulativeLoss === undefined) throw new Invalid(LOSS_TIMING_NEEDS_LOSS);
  const shares = lossTimingShares(timing) as number[];
  const sev = requestVectorToRate(severity ?? 0);
  const values = typeof sev === 'number' ? [sev] : sev;
  if (!values.some((v) => v > 0)) throw new Invalid(`${LOSS_TIMING_LABEL} needs a Loss Severity (%) above 0: the loss is defaults times severity.`);
  return [0, ...cdrFromLossTiming(body.CumulativeLoss, shares, sev, requestVectorToRate(cpr ?? 0))];
}

/**
 * A recovery lag the deal's convention would ignore: the STACR offering-memorandum convention
 * (stacr-ppm) takes each loss at the credit event, so a lag there would silently change nothing.
 * Null when the lag applies (the SIFMA step order: defaults wait that many months to liquidate).
 */
export function recoveryLagProblem(spec: DealSpec, lagMonths: number | null | undefined): string | null {
  if (!lagMonths || spec.conventions.stepOrder !== 'stacr-ppm') return null;
  return `Recovery Lag (months) does not apply to ${spec.dealName}: it takes each loss at the credit event (its offering memorandum's convention), so leave it empty or 0.`;
}
