/**
 * Vendor ramp syntax, expanded to a plain vector before the engine (crt-domain.md §1.6).
 *
 * Grammar (tokens separated by spaces or commas; values in the caller's unit, usually percent):
 *   vector   := value (step)*
 *   step     := value              one more period at that value
 *             | <n>R value         ramp linearly from the previous value to `value` over n
 *                                  periods (the n-th period equals `value`)
 *             | <n>S               stay: repeat the previous value for n more periods
 *   The last value extends to maturity (the engine's vector rule).
 * Examples: "5 12R 10" = [5, 5.4167, …, 10] (13 values: 5, then 12 steps up to 10);
 *           "6 11S 8" = 6 for 12 periods, then 8.
 * Presets: "<speed> PSA" / "<speed> SDA" (the whole text) is the SIFMA standard curve at that
 * speed, by period from age 1 (parseCurvePreset).
 */

import { psaCpr, sdaCdr } from './standard-curves.ts';

/** Result of parsing: the values, or an error message naming the bad token. */
export type RampParseResult = { ok: true; values: number[] } | { ok: false; error: string };

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/**
 * Parses and expands a ramp string ("5 12R 10") to a list of per-period values.
 * @param text vector text in the grammar above
 */
export function parseRampVector(text: string): RampParseResult {
  const preset = parseCurvePreset(text);
  if (preset) return preset.ok ? { ok: true, values: preset.values } : preset;
  const tokens = text.trim().split(/[\s,]+/).filter((t) => t.length > 0);
  if (tokens.length === 0) return { ok: false, error: 'empty vector' };
  const values: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const step = /^(\d+)([RS])$/i.exec(token);
    if (step) {
      const n = Number(step[1]);
      const prev = values[values.length - 1];
      if (prev === undefined) return { ok: false, error: `'${token}' needs a value before it` };
      if (n < 1) return { ok: false, error: `'${token}' needs a period count >= 1` };
      if ((step[2] as string).toUpperCase() === 'S') {
        for (let k = 0; k < n; k++) values.push(prev);
        continue;
      }
      const target = tokens[i + 1];
      if (target === undefined || !NUMBER.test(target)) return { ok: false, error: `'${token}' must be followed by a target value` };
      const end = Number(target);
      for (let k = 1; k <= n; k++) values.push(prev + ((end - prev) * k) / n);
      values[values.length - 1] = end; // exact target, no accumulated rounding
      i += 1;
      continue;
    }
    if (!NUMBER.test(token)) return { ok: false, error: `'${token}' is not a number or ramp step` };
    values.push(Number(token));
  }
  return { ok: true, values };
}

/** The SIFMA standard curves a rate field takes as a preset: PSA (prepayments), SDA (defaults). */
export type StandardCurve = 'PSA' | 'SDA';

/** Highest preset speed, percent of the standard curve: 10,000 % PSA is a 60 % CPR plateau already. */
export const MAX_CURVE_SPEED_PCT = 10_000;

/** Ages after which each curve is flat (PSA from 30, SDA from 120): the expansion stops there (the last value extends). */
const FLAT_FROM_AGE: Record<StandardCurve, number> = { PSA: 30, SDA: 120 };

const PRESET = /^(\S+)\s+(PSA|SDA)$/i;

/** True when the text is written as a standard-curve preset ("100 SDA", "abc PSA"), right or wrong. */
export function looksLikeCurvePreset(text: string): boolean {
  return PRESET.test(text.trim());
}

/**
 * A standard-curve preset in ramp syntax ("100 SDA", "150 PSA"; crt-domain.md §1.1) expanded to
 * per-period percent values: period 1 is loan age 1, i.e. the curve as a new pool sees it, up to
 * the age the curve is flat from (the last value extends to maturity by the vector rule). Not a
 * preset: null. A preset with a bad speed: an error naming it, with the unit and range.
 * @param text the field's text
 */
export function parseCurvePreset(text: string): ({ ok: true; curve: StandardCurve; speedPct: number; values: number[] } | { ok: false; error: string }) | null {
  const match = PRESET.exec(text.trim());
  if (!match) return null;
  const curve = (match[2] as string).toUpperCase() as StandardCurve;
  const speed = match[1] as string;
  const speedPct = Number(speed);
  if (!NUMBER.test(speed) || !(speedPct >= 0 && speedPct <= MAX_CURVE_SPEED_PCT)) {
    return { ok: false, error: `'${text.trim()}' is not a ${curve} speed: write a percent of the ${curve} curve from 0 to ${MAX_CURVE_SPEED_PCT.toLocaleString('en-US')}, e.g. 100 ${curve}` };
  }
  const values: number[] = [];
  for (let age = 1; age <= FLAT_FROM_AGE[curve]; age++) values.push((curve === 'PSA' ? psaCpr(speedPct, age) : sdaCdr(speedPct, age)) * 100);
  return { ok: true, curve, speedPct, values };
}
