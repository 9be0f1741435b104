import type { ExportLines } from '../../components/cashflow-export/export-cashflows.ts';
import type { AssumptionInputs } from '../../components/run-inputs/analysis-inputs.ts';
import type { PrepaymentConvention } from '../../components/run-inputs/run-options.ts';

/**
 * The Inputs sheet of the deal workbook (issue 18 #15): what the run was asked, as the user typed
 * it (percent; a vector or ramp stays as text), so the workbook says which scenario it holds.
 */
export function runInputLines(run: {
  inputs: AssumptionInputs; agency: boolean; settlement: string | number | null; collateralGroup: number | null; convention: PrepaymentConvention;
  cleanupCall: boolean; loanLevel: boolean; scenario: string | null; model: string | null;
}): ExportLines {
  const pct = (text: string): string | number => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text.trim());
  const lines: ExportLines['lines'] = [['Settlement Date', run.settlement, 'date']];
  if (run.scenario) lines.push(['Scenario', run.scenario]);
  else if (run.model) lines.push(['Credit Model', run.model]);
  else {
    lines.push([run.convention === 'ABS' ? 'ABS (%)' : 'CPR (%)', pct(run.inputs.cpr)]);
    if (!run.agency) {
      lines.push(['CDR (%)', pct(run.inputs.cdr)], ['Loss Severity (%)', pct(run.inputs.lossSeverity)], ['Delinquency (%)', pct(run.inputs.delinquency)]);
    }
  }
  lines.push(['Index Rate (%)', pct(run.inputs.libor)], ['Collateral Group', run.collateralGroup === null ? 'All' : run.collateralGroup],
    ['Cleanup Call', run.cleanupCall ? 'Yes' : 'No'], ['Loan Level', run.loanLevel ? 'Yes' : 'No']);
  return { name: 'Inputs', lines };
}
