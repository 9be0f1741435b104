import { readFileSync } from 'node:fs';
import { simulate, validateSimulationRequest, ymdToIso } from '@opencrt/engine';
import type { DealState, SimulationRequest } from '@opencrt/engine';
import { onlyFlags, UsageError } from './cli-args.ts';
import type { ParsedArgs } from './cli-args.ts';
import { findDeal, listDeals } from './deal-files.ts';

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${what} file '${path}'`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} file '${path}' is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * `crt simulate FILE [--state STATE.json]`: runs a Simulation request against a shipped deal
 * and returns the response JSON. Without --state the run starts at the deal's closing.
 */
export function simulateCommand(args: ParsedArgs): string {
  onlyFlags(args, ['state']);
  const [file, extra] = args.positional;
  if (!file) throw new UsageError('simulate needs a request FILE');
  if (extra) throw new UsageError(`unexpected argument '${extra}'`);
  const request = readJson(file, 'request') as SimulationRequest;
  if (typeof request !== 'object' || request === null || Array.isArray(request)) throw new UsageError('request file must hold a JSON object');
  const issues = validateSimulationRequest(request);
  if (request.SettlementDate !== undefined && request.SettlementDate !== null && ymdToIso(request.SettlementDate) === null) {
    issues.push({ path: 'SettlementDate', message: `SettlementDate must be yyyymmdd, got '${String(request.SettlementDate)}'` });
  }
  if (issues.length > 0) throw new UsageError(issues.map((i) => i.message).join('\n'));
  const spec = findDeal(request.DealName);
  if (!spec) throw new UsageError(`Could not open deal: ${request.DealName} (shipped deals: ${listDeals().join(', ')})`);
  const stateFile = args.flags.get('state');
  const state = typeof stateFile === 'string' ? (readJson(stateFile, 'state') as DealState) : null;
  if (request.BondName && !spec.tranches.some((t) => t.name === request.BondName) && !spec.macrClasses.some((m) => m.name === request.BondName)) {
    throw new UsageError(`bond ${request.BondName} not found in ${spec.dealName}`);
  }
  return `${JSON.stringify(simulate(spec, request, state))}\n`;
}
