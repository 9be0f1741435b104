/**
 * Stochastic batches of STACR 2026-DNA1 on its rep lines with LDM 3.0, straight from the shipped
 * deal file (no database): what the bench and the run-service tests send to threads and workers.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ECONOMIC_SCENARIO_PARAMETERS, meanPaths, startingLines, tapeOfLines, type DealSpec, type ModelLoanTape, type SimulationRequest,
} from '@opencrt/engine';
import type { StochasticBatchInput } from './stochastic.tasks.ts';

export const DNA1_SPEC = JSON.parse(readFileSync(fileURLToPath(new URL('../../../../../data/deals/structures/stacr-2026-dna1.json', import.meta.url)), 'utf8')) as DealSpec;
const lines = startingLines(DNA1_SPEC, null, null);
const months = Math.min(480, Math.max(...lines.map((l) => l.remainingTerm)));
export const FIXTURE_START = { hpa: 0.02, tsy2: 0.035, tsy10: 0.041, mtg30: 0.0625, mtg15: 0.0555, unemployment: 0.044 };
export const FIXTURE_MEANS = meanPaths(ECONOMIC_SCENARIO_PARAMETERS, FIXTURE_START, {}, months);
export const FIXTURE_REQUEST = { DealName: DNA1_SPEC.dealName, SettlementDate: 20260217, PrepaymentModel: 'LDM_3', Libor: [0, 0.0365786] } as SimulationRequest;
export const DNA1_REP_TAPE: ModelLoanTape = tapeOfLines(lines);
export const FIXTURE_MONTHS = months;

/** Batches of `perBatch` paths covering 0 … paths − 1, the deal under `key` (a worker caches it by key). */
export function dna1Batches(paths: number, perBatch: number, key: string, seed = 1, modelTape = DNA1_REP_TAPE): StochasticBatchInput[] {
  const out: StochasticBatchInput[] = [];
  for (let from = 0; from < paths; from += perBatch) {
    out.push({
      deal: { key, state: null, body: { spec: DNA1_SPEC, tape: null } }, request: FIXTURE_REQUEST, settlementIso: '2026-02-17', modelTape, months,
      startCalendarMonth: 3, parameters: ECONOMIC_SCENARIO_PARAMETERS, means: FIXTURE_MEANS, start: FIXTURE_START, seed, from,
      to: Math.min(paths, from + perBatch), returnBelow: 0, poolBalance: DNA1_SPEC.collateral.cutOffBalance,
    });
  }
  return out;
}
