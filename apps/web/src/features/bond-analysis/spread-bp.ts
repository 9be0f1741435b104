/**
 * A spread (fraction) in basis points, as analysts quote it beside the percent (issue 18 #18):
 * 0.0123456 → '123.5 bp'. Null without a value.
 */
export function spreadInBp(value: number | null | undefined): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const bp = Math.round(value * 100_000) / 10;
  return `${Object.is(bp, -0) ? '0.0' : bp.toFixed(1)} bp`;
}
