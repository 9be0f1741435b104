/**
 * Approximate US economic history by month (macro-history.json: hand-rounded public series, see
 * its description). Pure data: the server reads it for loan SATO and current property values,
 * calibration for the historical paths the model is fitted on.
 */
import raw from './macro-history.json' with { type: 'json' };

export type MacroSeries = keyof typeof raw.series;

/** Months since year 0 of 'YYYY-MM' or a yyyymm / yyyymmdd number. */
export function monthNumber(at: string | number): number {
  const text = String(at);
  const y = Number(text.slice(0, 4));
  const m = Number(text.includes('-') ? text.slice(5, 7) : text.slice(4, 6));
  return y * 12 + m - 1;
}

const POINTS: Record<MacroSeries, [number, number][]> = Object.fromEntries(
  Object.entries(raw.series).map(([k, pts]) => [k, (pts as [string, number][]).map(([ym, v]) => [monthNumber(ym), v])]),
) as Record<MacroSeries, [number, number][]>;

/** The series' level (percent) in a month, interpolated between listed months, flat outside. */
export function macroValue(series: MacroSeries, at: string | number): number {
  const t = monthNumber(at);
  const pts = POINTS[series];
  const first = pts[0] as [number, number];
  if (t <= first[0]) return first[1];
  for (let i = 1; i < pts.length; i++) {
    const [a, va] = pts[i - 1] as [number, number];
    const [b, vb] = pts[i] as [number, number];
    if (t <= b) return va + ((vb - va) * (t - a)) / (b - a);
  }
  return (pts[pts.length - 1] as [number, number])[1];
}

/** Home-price growth factor from one month to a later one (monthly compounding of the HPA level). */
export function hpiRatioBetween(from: string | number, to: string | number): number {
  let ratio = 1;
  const a = monthNumber(from);
  const b = monthNumber(to);
  for (let t = a; t < b; t++) ratio *= 1 + macroValue('hpa', `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`) / 1200;
  return ratio;
}

export const MACRO_HISTORY_VERSION = raw.version;
