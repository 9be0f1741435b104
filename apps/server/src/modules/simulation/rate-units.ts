/**
 * Units in the API (issue 23 #5): request rates are fractions (0.1 = 10 %). A value out of range —
 * plainly percent (CPR 10 where 0.1 is meant), negative, or absurd — is refused with a message
 * stating the unit and the range, instead of the bare 'Missing valid: CPR' that leaves the caller
 * guessing.
 */
import { mustBeFrom } from '@opencrt/contracts';

/** A fraction field of a run: its label in messages, the engine's upper bound and an example. */
export interface FractionField { label: string; value: unknown; max: number; example: string }

const numbersOf = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));

/**
 * True when every value is a number and one lies outside [0, max]: percent sent for a fraction
 * (CPR 10), a negative CDR, CPR 500. Such a field gets its range and unit, not a bare 'Missing
 * valid' (issue 23 #4); letters or blanks keep the spec's message.
 */
const isNumberOutOfRange = (value: unknown, max: number): boolean => {
  const list = Array.isArray(value) ? value : [value];
  const xs = numbersOf(value);
  return xs.length === list.length && xs.some((x) => x < 0 || x > max);
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
 * The messages with every field whose numbers lie outside its range (percent for a fraction, a
 * negative rate) taken out of 'Missing valid: …' and given a line of its own with the unit and
 * range; other messages as they were.
 */
export function withUnitMessages(messages: readonly string[], fields: readonly FractionField[]): string[] {
  const outOfRange = fields.filter((f) => isNumberOutOfRange(f.value, f.max));
  if (!outOfRange.length) return [...messages];
  const labels = new Set(outOfRange.map((f) => f.label));
  const out = messages.flatMap((m) => {
    if (!m.startsWith('Missing valid: ')) return [m];
    const rest = m.slice('Missing valid: '.length).split(', ').filter((l) => !labels.has(l));
    return rest.length ? [`Missing valid: ${rest.join(', ')}`] : [];
  });
  return [...out, ...outOfRange.map(fractionMessage)];
}
