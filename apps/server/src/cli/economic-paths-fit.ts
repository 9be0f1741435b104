/**
 * `npm run -s model:fit-paths [-- --write] [--paths N]`: fits the stochastic economic path model
 * (packages/engine/src/stochastic) to data/macro/us-macro-monthly-2004-2021.csv and prints, as a
 * table, the history's and the simulated paths' mean, volatility and lag-12 autocorrelation of annual
 * HPA and of the 12-month changes of the rates and unemployment. `--write` stores the fitted
 * parameters in economic-scenario-parameters.json (the file the engine reads); `--json` prints the
 * parameters and the comparison as one JSON object instead of the table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compareFitWithHistory, fitEconomicScenarioModel, parseMacroCsv, type EconomicScenarioParameters, type FitComparison } from '@opencrt/engine';

const MACRO_CSV = 'data/macro/us-macro-monthly-2004-2021.csv';
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const parametersFile = fileURLToPath(new URL('../../../../packages/engine/src/stochastic/economic-scenario-parameters.json', import.meta.url));
/** The seed of the comparison's simulated paths (any fixed seed; fixed so the table is reproducible). */
const COMPARISON_SEED = 20261128;
export const PARAMETERS_VERSION = '2026.11-1';

export function fitFromRepository(): EconomicScenarioParameters {
  return fitEconomicScenarioModel(parseMacroCsv(readFileSync(`${root}${MACRO_CSV}`, 'utf8')), PARAMETERS_VERSION, MACRO_CSV);
}

export function comparisonTable(rows: readonly FitComparison[]): string {
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`.padStart(8);
  const ac = (x: number) => x.toFixed(2).padStart(6);
  const lines = ['series        |   history: mean   vol   ac12 | simulated: mean   vol   ac12'];
  for (const r of rows) {
    lines.push(`${r.Series.padEnd(13)} | ${pct(r.History.Mean)} ${pct(r.History.Volatility)} ${ac(r.History.Autocorrelation12)} | ${pct(r.Simulated.Mean)} ${pct(r.Simulated.Volatility)} ${ac(r.Simulated.Autocorrelation12)}`);
  }
  return lines.join('\n');
}

function main(args: readonly string[]): void {
  const pathsAt = args.indexOf('--paths');
  const paths = pathsAt >= 0 ? Number(args[pathsAt + 1]) : 2000;
  if (!Number.isInteger(paths) || paths < 10 || paths > 100_000) throw new Error('--paths must be a whole number from 10 to 100,000');
  const parameters = fitFromRepository();
  const history = parseMacroCsv(readFileSync(`${root}${MACRO_CSV}`, 'utf8'));
  const comparison = compareFitWithHistory(parameters, history, paths, COMPARISON_SEED);
  if (args.includes('--write')) writeFileSync(parametersFile, `${JSON.stringify(parameters, null, 2)}\n`);
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify({ Parameters: parameters, Comparison: comparison })}\n`);
  else process.stdout.write(`${comparisonTable(comparison)}\n(${paths} simulated paths of ${history.months.length - 1} months from ${history.months[0]}; HPA: annual log change; the rest: 12-month change)\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`model:fit-paths: ${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
