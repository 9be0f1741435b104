/**
 * The Stochastic tab's inputs and reading of the answer (issue 35 #4): Paths and Seed checked as the
 * server checks them (same messages), and the progress lines of POST /simulate/stochastic?progress=true.
 */
import { MAX_STOCHASTIC_PATHS, type StochasticResponse } from '@opencrt/contracts';

export const DEFAULT_PATHS = '500';
export const DEFAULT_SEED = '1';

export interface StochasticInputs { paths: string; seed: string }

/** Whole numbers only: '1e3', '2.5' and letters are refused, as on the server. */
const whole = (text: string): number | null => (/^\s*\d{1,10}\s*$/.test(text) ? Number(text) : null);

/** The request's Paths and Seed, or the message naming the field and its range. */
export function stochasticInputs(inputs: StochasticInputs): { Paths: number; Seed: number } | { problem: string } {
  const paths = whole(inputs.paths);
  if (paths === null || paths < 1 || paths > MAX_STOCHASTIC_PATHS) return { problem: `Paths must be a whole number from 1 to ${MAX_STOCHASTIC_PATHS.toLocaleString('en-US')}.` };
  const seed = whole(inputs.seed);
  if (seed === null || seed > 2_147_483_647) return { problem: 'Seed must be a whole number from 0 to 2,147,483,647.' };
  return { Paths: paths, Seed: seed };
}

export type StochasticEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: StochasticResponse }
  | { type: 'error'; Message: string };

/** Percent with two decimals, or '-----' for a missing value (the app's convention). */
export const pct = (v: number | null | undefined, digits = 2): string => (v === null || v === undefined || !Number.isFinite(v) ? '-----' : `${v.toFixed(digits)}%`);
