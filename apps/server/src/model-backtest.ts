/**
 * `npm run -s model:backtest -- PROFILE.json`: back-tests the open credit model on a historical
 * macro path (issue 24) and prints one JSON object
 *   { CumulativeDefaultPct, SeverityPct, NetLossPct, Cpr: [...], Cdr: [...], Severity: [...] }
 * (monthly vectors in percent; default = 180 days delinquent, see packages/engine/src/credit-model/backtest.ts).
 * PROFILE.json: { Model: "LDM" | "LDM_3" | "AFT", Start: "YYYY-MM", Months, Macro: "<csv path>",
 *   Loans: { Count, Seed, Fico, Dti, Ltv, Cltv, NoteRate, TermMonths, MiPct, AverageBalance } }.
 * Relative paths are read from the directory npm was started in (INIT_CWD); the Macro path also
 * from the repository root and the profile's folder, the first that exists. A malformed profile or a path too short for Start + Months: the message on stderr, exit 1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseMacroCsv, runBacktest, validateBacktestProfile, type BacktestResult } from '@opencrt/engine';

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
    process.stdout.write(`${JSON.stringify(backtestCommand(process.argv.slice(2)))}\n`);
  } catch (e) {
    process.stderr.write(`model:backtest: ${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
