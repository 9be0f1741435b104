/**
 * Units in the API (issue 23 #5): request rates are fractions (0.1 = 10 %). A value plainly sent in
 * percent (CPR 10 where 0.1 is meant) is refused with a message stating the unit and the range,
 * instead of the bare 'Missing valid: CPR' that leaves the caller guessing.
 */
import { mustBeFrom } from '@opencrt/contracts';

/** A fraction field of a run: its label in messages, the engine's upper bound and an example. */
export interface FractionField { label: string; value: unknown; max: number; example: string }

const numbersOf = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));

/** True when the numbers read as percent: one above the fraction's bound, none above 100 %. */
const isPlainlyPercent = (value: unknown, max: number): boolean => {
  const xs = numbersOf(value);
  return xs.some((x) => x > max) && xs.every((x) => x >= 0 && x <= 100);
};

/** "CPR must be from 0 to 0.999999 (a fraction: 10 % is 0.1)". */
export const fractionMessage = (f: FractionField): string => `${mustBeFrom(f.label, 0, f.max)} (a fraction: ${f.example})`;

/** The four scenario rates of a request (the engine's bounds, validateSimulationRequest). */
export function scenarioFractionFields(request: { Cpr?: unknown; Cdr?: unknown; LossSeverity?: unknown; Delinquency?: unknown }): FractionField[] {
  return [
    { label: 'CPR', value: request.Cpr, max: 0.999999, example: '10 % is 0.1' },
    { label: 'CDR', value: request.Cdr, max: 0.999999, example: '0.5 % is 0.005' },
    { label: 'Loss Severity', value: request.LossSeverity, max: 1, example: '25 % is 0.25' },
    { label: 'Delinquency', value: request.Delinquency, max: 1, example: '2 % is 0.02' },
  ];
}

/**
 * The messages with every field sent in percent taken out of 'Missing valid: …' and given a line
 * of its own with the unit and range; other messages as they were.
 */
export function withUnitMessages(messages: readonly string[], fields: readonly FractionField[]): string[] {
  const percent = fields.filter((f) => isPlainlyPercent(f.value, f.max));
  if (!percent.length) return [...messages];
  const labels = new Set(percent.map((f) => f.label));
  const out = messages.flatMap((m) => {
    if (!m.startsWith('Missing valid: ')) return [m];
    const rest = m.slice('Missing valid: '.length).split(', ').filter((l) => !labels.has(l));
    return rest.length ? [`Missing valid: ${rest.join(', ')}`] : [];
  });
  return [...out, ...percent.map(fractionMessage)];
}
