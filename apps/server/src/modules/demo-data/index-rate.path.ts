/**
 * Approximate short-rate path (percent) for the synthetic remittance history: one-month
 * LIBOR before 2021, 30-day average SOFR after. Half-year levels rounded from public Federal
 * Reserve / ICE series, interpolated monthly; demo history only — never used by the engine.
 */
const HALF_YEAR_LEVELS: readonly (readonly [string, number])[] = [
  ['2014-04', 0.15], ['2014-10', 0.16], ['2015-04', 0.18], ['2015-10', 0.20], ['2016-04', 0.44],
  ['2016-10', 0.55], ['2017-04', 0.95], ['2017-10', 1.24], ['2018-04', 1.85], ['2018-10', 2.30],
  ['2019-04', 2.45], ['2019-10', 1.95], ['2020-04', 0.60], ['2020-10', 0.10], ['2021-04', 0.05],
  ['2021-10', 0.05], ['2022-04', 0.40], ['2022-10', 2.80], ['2023-04', 4.80], ['2023-10', 5.31],
  ['2024-04', 5.32], ['2024-10', 4.90], ['2025-04', 4.33], ['2025-10', 4.10], ['2026-04', 3.66],
  ['2026-10', 3.60],
];

function monthIndex(ym: string): number {
  return Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;
}

/** Index level (percent) for the month of an ISO date, flat outside the table. */
export function indexRatePct(isoDate: string): number {
  const t = monthIndex(isoDate.slice(0, 7));
  const first = HALF_YEAR_LEVELS[0];
  const last = HALF_YEAR_LEVELS[HALF_YEAR_LEVELS.length - 1];
  if (!first || !last) return 0;
  if (t <= monthIndex(first[0])) return first[1];
  for (let i = 1; i < HALF_YEAR_LEVELS.length; i++) {
    const [ym1, v1] = HALF_YEAR_LEVELS[i - 1] ?? first;
    const [ym2, v2] = HALF_YEAR_LEVELS[i] ?? last;
    const a = monthIndex(ym1);
    const b = monthIndex(ym2);
    if (t <= b) return Math.round((v1 + ((v2 - v1) * (t - a)) / (b - a)) * 100000) / 100000;
  }
  return last[1];
}
