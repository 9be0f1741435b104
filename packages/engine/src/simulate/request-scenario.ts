import type { DealSpec } from '../deal/deal-spec.ts';
import type { ValidationIssue } from '../deal/validate-deal.ts';
import type { RateInput } from '../rates/vector.ts';
import type { DealScenario } from './run-deal.ts';
import { ymdToIso } from './deal-dates.ts';
import { firstPaymentDateNumberAfter } from './run-from-settlement.ts';
import type { RequestVector, SimulationRequest } from './simulation-types.ts';

/**
 * Request vector → engine rate input: flat number, one-element list = flat, longer list =
 * period-indexed with the period-0 element dropped (spec: "a leading 0 prepended for single runs").
 */
export function requestVectorToRate(v: RequestVector): RateInput {
  if (typeof v === 'number') return v;
  if (v.length <= 1) return v[0] ?? 0;
  return v.slice(1);
}

/** True when the request carries a forward index curve (a non-empty list). */
export function hasIndexCurve(req: Pick<SimulationRequest, 'IndexCurve'>): boolean {
  return Array.isArray(req.IndexCurve) && req.IndexCurve.length > 0;
}

/**
 * The run's index path: the forward curve when given (period 1 first, as the engine's rate inputs
 * are, so it is used as is; valueAt carries the last rate forward), else the flat or vector Libor.
 */
export function indexRateOf(req: Pick<SimulationRequest, 'IndexCurve' | 'Libor'>): RateInput {
  if (hasIndexCurve(req)) return [...(req.IndexCurve as readonly number[])];
  return requestVectorToRate(req.Libor ?? 0);
}

const isGoodNumber = (x: unknown): boolean => typeof x === 'number' && Number.isFinite(x);

function vectorState(v: unknown, max: number): 'missing' | 'invalid' | 'ok' {
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) return 'missing';
  const list = Array.isArray(v) ? v : [v];
  return list.every((x) => isGoodNumber(x) && (x as number) >= 0 && (x as number) <= max) ? 'ok' : 'invalid';
}

/**
 * Validates the scenario inputs of a simulation request. Messages follow the spec:
 * 'Missing required: CPR, CDR' / 'Missing valid: Loss Severity' (fractions in [0, 1),
 * severity and delinquency in [0, 1], index in [-1, 1]).
 */
export function validateSimulationRequest(req: SimulationRequest): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!req.DealName) issues.push({ path: 'DealName', message: 'Deal file could not be opened' });
  const items: [keyof SimulationRequest, string, number][] = [
    ['Cpr', 'CPR', 0.999999], ['Cdr', 'CDR', 0.999999], ['LossSeverity', 'Loss Severity', 1], ['Delinquency', 'Delinquency', 1],
  ];
  const missing: string[] = [];
  const invalid: string[] = [];
  // A credit model produces the four vectors itself, and a prerun collateral cashflow replaces them
  // (spec 002 run entry: "either UserCollateralCashflow or Cpr, Cdr, LossSeverity, Delinquency,
  // Libor"): then they are only checked when given.
  const model = req.PrepaymentModel === 'LDM' || req.PrepaymentModel === 'LDM_3' || req.PrepaymentModel === 'AFT';
  const prerun = Boolean(req.UserCollateralCashflow);
  for (const [key, label, max] of items) {
    if ((model || prerun) && vectorState(req[key], max) === 'missing') continue;
    const s = vectorState(req[key], max);
    if (s === 'missing') missing.push(label);
    if (s === 'invalid') invalid.push(label);
  }
  const libor = vectorState(Array.isArray(req.Libor) ? req.Libor.map((x) => (isGoodNumber(x) ? Math.abs(x) : x)) : isGoodNumber(req.Libor) ? Math.abs(req.Libor) : req.Libor, 1);
  // A forward curve replaces the flat index, so Libor is then not required.
  const curve = hasIndexCurve(req);
  if (libor === 'missing' && !prerun && !curve) missing.push('LIBOR');
  if (libor === 'invalid' && !curve) invalid.push('LIBOR');
  if (curve && !(req.IndexCurve ?? []).every((x) => isGoodNumber(x) && Math.abs(x) <= 1)) invalid.push('Index Curve');
  if (missing.length > 0) issues.push({ path: 'request', message: `Missing required: ${missing.join(', ')}` });
  if (invalid.length > 0) issues.push({ path: 'request', message: `Missing valid: ${invalid.join(', ')}` });
  return issues;
}

/**
 * Builds the engine scenario of a request for a deal. Agency deals force CDR and
 * delinquency to 0 (guaranteed; buyouts are prepayments). Tune factors scale the vectors.
 */
export function requestToScenario(spec: DealSpec, req: SimulationRequest): DealScenario {
  const agency = spec.family === 'Agency';
  const settlementIso = req.SettlementDate ? ymdToIso(req.SettlementDate) : null;
  const tune = (v: RateInput, factor: number | undefined): RateInput => {
    const f = factor ?? 1;
    if (f === 1) return v;
    return typeof v === 'number' ? v * f : v.map((x) => x * f);
  };
  const cpr = tune(requestVectorToRate(req.Cpr), req.TuneCpr);
  // An ABS speed is one number (percent of the original count per month): the first value of a vector.
  const absPct = (typeof cpr === 'number' ? cpr : (cpr[0] ?? 0)) * 100;
  const psa = req.StandardCprPct ?? null;
  const sda = req.StandardCdrPct ?? null;
  // PSA/SDA presets read by loan age run as the engine's standard speeds (each line's own age).
  const prepay: DealScenario['prepay'] = req.PrepaymentConvention === 'ABS' ? { kind: 'abs', pct: absPct }
    : psa !== null ? { kind: 'standard', pct: psa * (req.TuneCpr ?? 1) } : { kind: 'annual', values: cpr };
  const defaults: DealScenario['default'] = agency ? { kind: 'annual', values: 0 }
    : sda !== null ? { kind: 'standard', pct: sda * (req.TuneCdr ?? 1) } : { kind: 'annual', values: tune(requestVectorToRate(req.Cdr), req.TuneCdr) };
  return {
    prepay,
    default: defaults,
    severity: tune(requestVectorToRate(req.LossSeverity), req.TuneSeverity),
    delinquency: agency ? 0 : requestVectorToRate(req.Delinquency),
    indexRate: indexRateOf(req),
    // IndexCurve[0] is the index of the first payment period after settlement (its help says so),
    // whatever period the deal's stored state starts the projection at.
    ...(hasIndexCurve(req) && settlementIso ? { indexFirstPaymentDateNumber: firstPaymentDateNumberAfter(spec, settlementIso) } : {}),
    lossSource: 'scenario',
    cleanUpCall: req.CleanupCall ?? false,
    timeCall: req.Cancellation ?? false,
    collateralGroup: req.CollateralGroup ?? null,
    ...(req.RecoveryLagMonths !== undefined && req.RecoveryLagMonths !== null ? { recoveryLagMonths: req.RecoveryLagMonths } : {}),
    ...(req.ServicerAdvancing !== undefined && req.ServicerAdvancing !== null ? { servicerAdvancing: req.ServicerAdvancing } : {}),
  };
}
