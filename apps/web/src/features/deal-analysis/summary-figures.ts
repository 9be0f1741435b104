/**
 * The figures the tranche summary shows beside a class's cashflow totals (issue 25 #9): the price
 * typed, the yield and discount margin solved at it, and the breakevens as shown (their text, in
 * the breakeven mode's own unit). One shape for the screen, the workbook and the run comparison,
 * so the workbook says what the screen said.
 */
import { formatPercent, MISSING } from '../../components/format/catalog-format.ts';

export interface ScreenFigures {
  /** Price per 100 of face the yield was solved at; null when none was typed. */
  price: number | null;
  /** Yield, percent (bond-equivalent); null when not computed. */
  yieldPct: number | null;
  /** Discount margin at the price, basis points; null for a class that does not float. */
  dmBp: number | null;
  /** Breakeven cells as the screen shows them (mode-dependent unit); null when not solved. */
  breakevenFirst: string | null;
  breakevenFull: string | null;
}

/** Column headers with their units (issue 25 #9: yields and spreads say %, bp). */
export const FIGURE_HEADERS = { price: 'Price (% of face)', yield: 'Yield (%)', dm: 'DM (bp)' } as const;

export const yieldText = (pct: number | null | undefined): string => (pct === null || pct === undefined ? MISSING : formatPercent(pct, 4));
/** DM to 0.01 bp (the round trips hold to 0.01 bp), without a % sign: the header says bp. */
export const dmText = (bp: number | null | undefined): string => (bp === null || bp === undefined || !Number.isFinite(bp) ? MISSING : bp.toFixed(2));

/** A breakeven cell's text as a number when it is one ('1.25' → 1.25; '12.50 *' → 12.5), else the text. */
export function breakevenValue(text: string | null): number | string | null {
  if (text === null) return null;
  const plain = text.replace(/\s*\*$/, '').replace(/%$/, '').trim();
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}
