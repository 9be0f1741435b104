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
 */

/** Result of parsing: the values, or an error message naming the bad token. */
export type RampParseResult = { ok: true; values: number[] } | { ok: false; error: string };

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/**
 * Parses and expands a ramp string ("5 12R 10") to a list of per-period values.
 * @param text vector text in the grammar above
 */
export function parseRampVector(text: string): RampParseResult {
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
