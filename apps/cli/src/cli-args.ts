/** Minimal flag parser: `--name value`, `--name=value` and boolean `--flag`. */

/** A usage problem: printed to stderr, exit code 2. */
export class UsageError extends Error {}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * Parses argv (without node/script). Flags listed in `booleans` take no value.
 * @throws UsageError on a flag missing its value or given twice
 */
export function parseArgs(argv: readonly string[], booleans: ReadonlySet<string>): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq >= 0 ? eq : undefined);
    if (flags.has(name)) throw new UsageError(`option --${name} given twice`);
    if (booleans.has(name)) {
      if (eq >= 0) throw new UsageError(`option --${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`option --${name} needs a value`);
    flags.set(name, value);
  }
  return { positional, flags };
}

/** Numeric flag value (undefined when absent). */
export function numberFlag(args: ParsedArgs, name: string, check: (x: number) => boolean, rule: string): number | undefined {
  const raw = args.flags.get(name);
  if (raw === undefined) return undefined;
  const x = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(x) || !check(x)) throw new UsageError(`--${name} must be ${rule}, got '${String(raw)}'`);
  return x;
}

/** Rejects flags not in the allowed set. */
export function onlyFlags(args: ParsedArgs, allowed: readonly string[]): void {
  for (const name of args.flags.keys()) {
    if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}`);
  }
}
