import { addMonthsOnDay, isoToYmd, monthlyCollateralRows, parseRampVector, projectRepLines, ymdToIso } from '@opencrt/engine';
import type { CollateralScenario, SpeedInput, StepOrderConvention } from '@opencrt/engine';
import { numberFlag, onlyFlags, UsageError } from './cli-args.ts';
import type { ParsedArgs } from './cli-args.ts';
import { toCsv } from './csv-format.ts';

const FLAGS = ['balance', 'wac', 'net-coupon', 'wam', 'wala', 'cpr', 'psa', 'smm-vector', 'cdr', 'sda', 'mdr-vector',
  'severity', 'lag', 'advancing', 'convention', 'format', 'delinquency', 'first-date'];

/** Percent list or ramp text ("5 12R 10", "1,2,3") → fractions. */
function percentVector(name: string, text: string, max: number): number[] {
  const parsed = parseRampVector(text);
  if (!parsed.ok) throw new UsageError(`--${name}: ${parsed.error}`);
  const bad = parsed.values.find((v) => !(v >= 0 && v < max));
  if (bad !== undefined) throw new UsageError(`--${name}: values must be in [0, ${max}) percent, got ${bad}`);
  return parsed.values.map((v) => v / 100);
}

function exactlyOne(args: ParsedArgs, names: string[]): string {
  const given = names.filter((n) => args.flags.has(n));
  if (given.length !== 1) throw new UsageError(`give exactly one of ${names.map((n) => `--${n}`).join(', ')}`);
  return given[0] as string;
}

function speed(args: ParsedArgs, kind: 'prepay' | 'default'): SpeedInput {
  const [annual, standard, vector] = kind === 'prepay' ? ['cpr', 'psa', 'smm-vector'] : ['cdr', 'sda', 'mdr-vector'];
  const which = exactlyOne(args, [annual as string, standard as string, vector as string]);
  const text = String(args.flags.get(which));
  if (which === standard) {
    const pct = numberFlag(args, which, (x) => x >= 0 && x <= 100_000, 'a percent of the standard curve >= 0');
    return { kind: 'standard', pct: pct ?? 0 };
  }
  if (which === vector) return { kind: 'monthly', values: percentVector(which, text, 100) };
  return { kind: 'annual', values: percentVector(which, text, 100) };
}

/**
 * `crt collateral`: projects one rep line and prints {"CollateralCashflow":[...]} or CSV.
 * @returns text to print on stdout
 */
export function collateralCommand(args: ParsedArgs): string {
  onlyFlags(args, FLAGS);
  if (args.positional.length > 0) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
  const balance = numberFlag(args, 'balance', (x) => x > 0 && x < 1e13, 'a positive amount');
  const wac = numberFlag(args, 'wac', (x) => x >= 0 && x < 25, 'a percent in [0, 25)');
  const wam = numberFlag(args, 'wam', (x) => Number.isInteger(x) && x > 0 && x <= 480, 'a whole number of months in 1..480');
  const severity = args.flags.get('severity');
  const missing = [['balance', balance], ['wac', wac], ['wam', wam], ['severity', severity]].filter(([, v]) => v === undefined).map(([n]) => `--${String(n)}`);
  if (missing.length > 0) throw new UsageError(`missing required option(s): ${missing.join(', ')}`);
  const net = numberFlag(args, 'net-coupon', (x) => x >= 0 && x <= (wac ?? 0), 'a percent between 0 and --wac') ?? wac;
  const wala = numberFlag(args, 'wala', (x) => Number.isInteger(x) && x >= 0 && x <= 480, 'a whole number of months >= 0') ?? 0;
  const lag = numberFlag(args, 'lag', (x) => Number.isInteger(x) && x >= 0 && x <= 120, 'a whole number of months in 0..120') ?? 0;
  const convention = String(args.flags.get('convention') ?? 'sifma');
  if (convention !== 'sifma' && convention !== 'stacr') throw new UsageError(`--convention must be sifma or stacr, got '${convention}'`);
  const format = String(args.flags.get('format') ?? 'json');
  if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be json or csv, got '${format}'`);
  const firstDate = args.flags.get('first-date');
  const firstIso = firstDate === undefined ? null : ymdToIso(String(firstDate));
  if (firstDate !== undefined && firstIso === null) throw new UsageError(`--first-date must be yyyymmdd, got '${String(firstDate)}'`);
  const stepOrder: StepOrderConvention = convention === 'stacr' ? 'stacr-ppm' : 'sifma';
  const scenario: CollateralScenario = {
    prepay: speed(args, 'prepay'),
    default: speed(args, 'default'),
    severity: percentVector('severity', String(severity), 100.000001),
    delinquency: args.flags.has('delinquency') ? percentVector('delinquency', String(args.flags.get('delinquency')), 100.000001) : 0,
    recoveryLagMonths: stepOrder === 'stacr-ppm' ? 0 : lag,
    servicerAdvancing: args.flags.get('advancing') === true,
    convention: stepOrder,
    fixedLossShare: null,
    roundToCent: false,
  };
  const line = { balance: balance as number, grossRate: (wac as number) / 100, netRate: (net as number) / 100, remainingTerm: wam as number, age: wala };
  const flows = projectRepLines([line], scenario, wam as number);
  const dates = firstIso === null ? [] : Array.from({ length: flows.months }, (_, i) => isoToYmd(addMonthsOnDay(firstIso, i, Number(firstIso.slice(8)))));
  const rows = monthlyCollateralRows(flows, dates);
  return format === 'csv' ? toCsv(rows as unknown as Record<string, unknown>[]) : `${JSON.stringify({ CollateralCashflow: rows })}\n`;
}
