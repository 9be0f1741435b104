/**
 * `npm run -s model:backtest -- PROFILE.json`: back-tests the open credit model on a historical
 * macro path (issue 24) and prints one JSON object
 *   { CumulativeDefaultPct, SeverityPct, NetLossPct, Cpr: [...], Cdr: [...], Severity: [...] }
 * (monthly vectors in percent; default = 180 days delinquent, see packages/engine/src/credit-model/backtest.ts).
 * PROFILE.json: { Model: "LDM" | "LDM_3" | "AFT", Start: "YYYY-MM", Months, Macro: "<csv path>",
 *   Loans: { Count, Seed, Fico, Dti, Ltv, Cltv, NoteRate, TermMonths, MiPct, AverageBalance } }.
 * Relative paths are read from the directory npm was started in (INIT_CWD); the Macro path also
 * from the repository root and the profile's folder, the first that exists. A malformed profile or a path too short for Start + Months: the message on stderr, exit 1.
 *
 * `npm run -s model:backtest -- --table` (or `--json`): every row of Freddie Mac's published vintage
 * table (data/credit/freddie-vintage-performance.csv) against LDM 2.2 and LDM 3.0 on the historical
 * path with the profiles of data/credit/vintage-profiles.json (issue 34 #1): a text table with the
 * targets each row is held to, or one JSON array of { Vintage, LtvBucket, Model, PublishedDefaultPct,
 * ModelDefaultPct, PublishedSeverityPct, ModelSeverityPct, PublishedNetLossPct, ModelNetLossPct, HeldOut }.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  parseMacroCsv, parsePublishedVintages, runBacktest, validateBacktestProfile, vintageComparison,
  type BacktestResult, type VintageComparison, type VintageProfiles,
} from '@opencrt/engine';
import { vintageTable } from './cli/vintage-targets.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Every published row against LDM 2.2 and LDM 3.0 (the --json array). */
export function vintageCommand(): VintageComparison[] {
  const read = (path: string) => readFileSync(resolve(root, path), 'utf8');
  return vintageComparison(
    parsePublishedVintages(read('data/credit/freddie-vintage-performance.csv')), parseMacroCsv(read('data/macro/us-macro-monthly-2004-2021.csv')),
    JSON.parse(read('data/credit/vintage-profiles.json')) as VintageProfiles,
  );
}

/** Runs the command on its arguments; returns the JSON result or throws a message for stderr. */
export function backtestCommand(args: readonly string[], cwd = process.env.INIT_CWD ?? process.cwd()): BacktestResult {
  const file = args.find((a) => a !== '--');
  if (!file) throw new Error('usage: npm run -s model:backtest -- PROFILE.json');
  const profilePath = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(profilePath, 'utf8');
  } catch (e) {
    throw new Error(`cannot read profile ${profilePath}: ${(e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`profile ${profilePath} is not JSON: ${(e as Error).message}`);
  }
  const profile = validateBacktestProfile(raw);
  const candidates = [resolve(cwd, profile.Macro), resolve(process.cwd(), profile.Macro), resolve(dirname(profilePath), profile.Macro)];
  const macroPath = candidates.find((p) => existsSync(p)) ?? (candidates[0] as string);
  let csv: string;
  try {
    csv = readFileSync(macroPath, 'utf8');
  } catch (e) {
    throw new Error(`cannot read macro path ${profile.Macro}: ${(e as Error).message}`);
  }
  return runBacktest(profile, parseMacroCsv(csv));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const args = process.argv.slice(2);
    if (args.includes('--json')) process.stdout.write(`${JSON.stringify(vintageCommand())}\n`);
    else if (args.includes('--table')) process.stdout.write(`${vintageTable(vintageCommand())}\n`);
    else process.stdout.write(`${JSON.stringify(backtestCommand(args))}\n`);
  } catch (e) {
    process.stderr.write(`model:backtest: ${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
