/**
 * OpenCRT command-line runner (see apps/cli/README.md).
 *   crt simulate FILE [--state STATE.json]
 *   crt collateral --balance N --wac PCT [--net-coupon PCT] --wam N [--wala N] (--cpr|--psa|--smm-vector)
 *                  (--cdr|--sda|--mdr-vector) --severity PCT [--lag N] [--advancing]
 *                  [--convention sifma|stacr] [--format json|csv]
 *   crt import-ppm [SOURCE.json OUT.json]...
 * Exit codes: 0 ok, 2 bad arguments, 1 unexpected failure.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs, UsageError } from './cli-args.ts';
import { collateralCommand } from './collateral-command.ts';
import { simulateCommand } from './simulate-command.ts';
import { importPpmFiles, defaultPpmPairs } from './import-ppm.ts';

export const USAGE = `usage:
  crt simulate FILE [--state STATE.json]
  crt collateral --balance N --wac PCT [--net-coupon PCT] --wam N [--wala N]
                 (--cpr PCT | --psa PCT | --smm-vector LIST) (--cdr PCT | --sda PCT | --mdr-vector LIST)
                 --severity PCT [--lag N] [--advancing] [--convention sifma|stacr] [--format json|csv]
                 [--delinquency PCT] [--first-date YYYYMMDD]
  crt import-ppm [SOURCE.json OUT.json]...
`;

/** Output sinks (injectable for tests). */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/**
 * Runs one command. Returns the exit code instead of exiting so tests can call it.
 * @param argv arguments after the script name
 */
export function main(argv: readonly string[], io: Io): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'simulate':
        io.out(simulateCommand(parseArgs(rest, new Set())));
        return 0;
      case 'collateral':
        io.out(collateralCommand(parseArgs(rest, new Set(['advancing']))));
        return 0;
      case 'import-ppm': {
        const args = parseArgs(rest, new Set());
        if (args.flags.size > 0 || args.positional.length % 2 !== 0) throw new UsageError('import-ppm takes SOURCE OUT pairs');
        const pairs: [string, string][] = [];
        for (let i = 0; i < args.positional.length; i += 2) pairs.push([args.positional[i] as string, args.positional[i + 1] as string]);
        importPpmFiles(pairs.length > 0 ? pairs : defaultPpmPairs());
        return 0;
      }
      case 'help':
      case '--help':
        io.out(USAGE);
        return 0;
      default:
        throw new UsageError(command ? `unknown command '${command}'` : 'missing command');
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`crt: ${e.message}\n${USAGE}`);
      return 2;
    }
    io.err(`crt: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // A closed pipe (`| head`) is not an error for a printing tool.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  process.exitCode = main(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  });
}
