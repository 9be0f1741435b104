/** The strats table's buckets per dimension: a label and a sort key as DuckDB expressions over table `sl`. */
import type { StratQuery } from '@opencrt/contracts';

type Dimension = StratQuery['dimension'];

/** Numeric buckets: [lower bound, label] pairs, each bucket up to the next bound. */
function ranges(column: string, bounds: [number, string][]): { label: string; order: string } {
  const cases = bounds.map((_bound, i) => {
    const next = bounds[i + 1];
    return next ? `WHEN ${column} < ${next[0]} THEN ${i}` : `ELSE ${i}`;
  });
  const labels = bounds.map(([, label], i) => `WHEN ${i} THEN '${label}'`).join(' ');
  const index = `CASE WHEN ${column} IS NULL THEN 99 WHEN ${column} < ${bounds[0]?.[0] ?? 0} THEN 0 ${cases.join(' ')} END`;
  return { label: `CASE ${index} ${labels} ELSE 'Not available' END`, order: index };
}

export function stratBucketSql(dimension: Dimension): { label: string; order: string } {
  switch (dimension) {
    case 'fico': return ranges('sl.CreditScore', [[300, '< 620'], [620, '620–659'], [660, '660–699'], [700, '700–739'], [740, '740–779'], [780, '780+']]);
    case 'ltv': return ranges('sl.Ltv', [[0, '≤ 60'], [60.01, '60–70'], [70.01, '70–80'], [80.01, '80–85'], [85.01, '85–90'], [90.01, '90–95'], [95.01, '95+']]);
    case 'cltv': return ranges('sl.Cltv', [[0, '≤ 60'], [60.01, '60–70'], [70.01, '70–80'], [80.01, '80–85'], [85.01, '85–90'], [90.01, '90–95'], [95.01, '95+']]);
    case 'dti': return ranges('sl.Dti', [[0, '< 20'], [20, '20–29'], [30, '30–35'], [36, '36–42'], [43, '43–45'], [46, '46+']]);
    case 'loanSize': return ranges('sl.OriginalUpb', [[0, '< 150k'], [150_000, '150k–250k'], [250_000, '250k–350k'], [350_000, '350k–450k'], [450_000, '450k–650k'], [650_000, '650k+']]);
    case 'mi': return { label: `CASE WHEN coalesce(sl.MiPct, 0) > 0 THEN 'Insured' ELSE 'No MI' END`, order: 'coalesce(sl.MiPct, 0) = 0' };
    case 'purpose': return { label: 'coalesce(sl.Purpose, \'Not available\')', order: 'sl.Purpose' };
    case 'occupancy': return { label: 'coalesce(sl.Occupancy, \'Not available\')', order: 'sl.Occupancy' };
    case 'propertyType': return { label: 'coalesce(sl.PropertyType, \'Not available\')', order: 'sl.PropertyType' };
    case 'channel': return { label: 'coalesce(sl.Channel, \'Not available\')', order: 'sl.Channel' };
    case 'state': return { label: 'coalesce(sl.State, \'Not available\')', order: 'sl.State' };
    case 'firstTimeBuyer': return { label: 'coalesce(sl.FirstTimeBuyer, \'Not available\')', order: 'sl.FirstTimeBuyer' };
    case 'seller': return { label: 'coalesce(sl.Seller, \'Not available\')', order: 'sl.Seller' };
  }
}
