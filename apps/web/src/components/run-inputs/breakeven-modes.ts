import type { BreakevenMode, ClassBreakevenDto } from '@opencrt/contracts';
import { MISSING } from '../format/catalog-format.ts';

/**
 * The breakeven modes as the screens offer them (issue 25 #5), and how each mode's answer reads in
 * a table: two columns (first loss, full write-down) in the mode's unit, percent to 0.01.
 */
export const BREAKEVEN_MODES: readonly { value: BreakevenMode; label: string; title: string }[] = [
  { value: 'Cdr', label: 'CDR', title: 'The flat CDR (%) of the first dollar of loss and of the full write-down, at this run\'s CPR, severity and delinquency' },
  { value: 'Severity', label: 'Severity', title: 'The flat loss severity (%) of the first loss and of the full write-down, at this run\'s CDR' },
  { value: 'CumulativeLoss', label: 'Cumulative loss', title: 'The collateral\'s cumulative loss (% of its original balance) at the breakeven CDRs' },
];

/** Column headers and their hover text of a mode's two columns. */
export function breakevenHeaders(mode: BreakevenMode): { first: string; full: string; firstTitle: string; fullTitle: string } {
  if (mode === 'Severity') {
    return { first: 'BE Sev first loss', full: 'BE Sev full loss', firstTitle: 'Loss severity (%) of the first dollar of loss, at this run\'s CDR', fullTitle: 'Loss severity (%) at which the class is written down to nothing' };
  }
  if (mode === 'CumulativeLoss') {
    return { first: 'BE Cum loss first', full: 'BE Cum loss full', firstTitle: 'Collateral cumulative loss (% of original balance) at the first-loss CDR', fullTitle: 'Collateral cumulative loss (% of original balance) at the full write-down CDR' };
  }
  return { first: 'BE CDR first loss', full: 'BE CDR full loss', firstTitle: 'CDR (%) of the first dollar of loss', fullTitle: 'CDR (%) at which the class is written down to nothing' };
}

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? MISSING : x.toFixed(2));

/** A class's two cells in a mode; the cumulative loss says the CDR it was run at. */
export function breakevenCells(mode: BreakevenMode, be: ClassBreakevenDto | undefined): { first: string; full: string } {
  if (mode === 'Severity') return { first: pct(be?.FirstLossSeverity), full: pct(be?.FullWriteDownSeverity) };
  if (mode === 'CumulativeLoss') {
    const at = (loss: number | null | undefined, cdr: number | null | undefined) => (loss === null || loss === undefined ? MISSING : `${pct(loss)} (${pct(cdr)} CDR)`);
    return { first: at(be?.FirstLossCumulativeLoss, be?.FirstLossCdr), full: at(be?.FullWriteDownCumulativeLoss, be?.FullWriteDownCdr) };
  }
  return { first: pct(be?.FirstLossCdr), full: pct(be?.FullWriteDownCdr) };
}

/** The note under the table: units and what '-----' means in the mode. */
export function breakevenFootnote(mode: BreakevenMode): string {
  if (mode === 'Severity') return `Breakeven severities in percent, to 0.01, at this run's CDR; '${MISSING}': not reached at 100 % severity.`;
  if (mode === 'CumulativeLoss') return `Breakeven collateral cumulative loss in percent of the original balance (the breakeven CDR beside it, to 0.01); '${MISSING}': not reached below 99.99 CDR.`;
  return `Breakeven CDRs in percent, to 0.01; '${MISSING}': not reached below 99.99 CDR.`;
}
