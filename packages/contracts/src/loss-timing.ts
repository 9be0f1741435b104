/**
 * Loss-timing inputs of a run request (issue 25 #6): a cumulative loss and the share of it by year;
 * when given they replace the CDR with the vector the engine derives (engine rates/loss-timing.ts).
 * Labels in messages are the screens' ("Cumulative Loss (%)", "Loss Timing (% by year)").
 */
import { z } from 'zod';
import { lossTimingProblem } from '@opencrt/engine/loss-timing';

export const LOSS_TIMING_LABEL = 'Loss Timing (% by year)';
export const CUMULATIVE_LOSS_LABEL = 'Cumulative Loss (%)';
export const CUMULATIVE_LOSS_RANGE = `${CUMULATIVE_LOSS_LABEL} must be from 0 to 100.`;
export const LOSS_TIMING_NEEDS_LOSS = `${LOSS_TIMING_LABEL} needs a ${CUMULATIVE_LOSS_LABEL}.`;
const SHARES_FORM = `${LOSS_TIMING_LABEL}: write 1 to 30 yearly shares (percent, summing to 100), e.g. 20 30 25 15 10.`;
const SHARES_RANGE = `${LOSS_TIMING_LABEL} shares must be percents from 0 to 100.`;

/** The yearly shares of a timing curve typed as text ("20 30 25 15 10", spaces or commas), or null when a part is not a number. */
export function lossTimingShares(value: string | readonly number[]): number[] | null {
  if (typeof value !== 'string') return [...value];
  const parts = value.trim().split(/[\s,]+/).filter(Boolean);
  if (parts.some((p) => !/^(\d+\.?\d*|\.\d+)$/.test(p))) return null;
  return parts.map(Number);
}

/** Why a timing curve is refused, in the screen's words; null when it is fine. */
export function lossTimingMessage(value: string | readonly number[]): string | null {
  const shares = lossTimingShares(value);
  if (!shares) return `${LOSS_TIMING_LABEL}: write the yearly shares as numbers, e.g. 20 30 25 15 10.`;
  const problem = lossTimingProblem(shares);
  return problem ? `${LOSS_TIMING_LABEL} ${problem}.` : null;
}

export const LossTimingFields = {
  CumulativeLoss: z.number(CUMULATIVE_LOSS_RANGE).min(0, CUMULATIVE_LOSS_RANGE).max(100, CUMULATIVE_LOSS_RANGE).optional().nullable()
    .describe('Cumulative collateral loss, PERCENT of the balance the run starts from (0 to 100); with LossTiming it replaces the CDR.'),
  LossTiming: z.union([z.string().max(200, SHARES_FORM), z.array(z.number(SHARES_FORM).min(0, SHARES_RANGE).max(100, SHARES_RANGE)).max(30, SHARES_FORM)], SHARES_FORM).optional().nullable()
    .superRefine((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && !value.trim())) return;
      const message = lossTimingMessage(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .describe('Share of the cumulative loss realized in each year, PERCENT by year (1 to 30 years, summing to 100): "20 30 25 15 10" or [20, 30, 25, 15, 10].'),
};
