import { CUMULATIVE_LOSS_LABEL, LOSS_TIMING_LABEL, lossTimingMessage } from '@opencrt/contracts';

/**
 * The loss-timing inputs of the deal and bond screens (issue 25 #6), as typed: the recovery lag
 * (months, empty = the deal's convention), and a cumulative loss (%) with its timing by year
 * ("20 30 25 15 10", summing to 100) that replaces the CDR input when both are given.
 */
export interface LossTimingInputs {
  recoveryLag: string;
  cumulativeLoss: string;
  timing: string;
}

export const EMPTY_LOSS_TIMING: LossTimingInputs = { recoveryLag: '', cumulativeLoss: '', timing: '' };
export const RECOVERY_LAG_LABEL = 'Recovery Lag (months)';

const WHOLE = /^\d+$/;
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** Why the inputs cannot run, in the screen's words with unit and range (the server says the same); null when they can. */
export function lossTimingInputProblem(v: LossTimingInputs): string | null {
  const lag = v.recoveryLag.trim();
  if (lag && (!WHOLE.test(lag) || Number(lag) > 60)) return `${RECOVERY_LAG_LABEL} must be a whole number from 0 to 60.`;
  const loss = v.cumulativeLoss.trim();
  const timing = v.timing.trim();
  if (loss && (!DECIMAL.test(loss) || Number(loss) > 100)) return `${CUMULATIVE_LOSS_LABEL} must be from 0 to 100.`;
  if (timing && !loss) return `${LOSS_TIMING_LABEL} needs a ${CUMULATIVE_LOSS_LABEL}.`;
  if (loss && !timing) return `${CUMULATIVE_LOSS_LABEL} needs a ${LOSS_TIMING_LABEL}.`;
  return timing ? lossTimingMessage(timing) : null;
}

/** The request fields of the inputs (nothing for blank ones). */
export function lossTimingFields(v: LossTimingInputs): { RecoveryLagMonths?: number; CumulativeLoss?: number; LossTiming?: string } {
  const lag = v.recoveryLag.trim();
  const loss = v.cumulativeLoss.trim();
  const timing = v.timing.trim();
  return {
    ...(lag ? { RecoveryLagMonths: Number(lag) } : {}),
    ...(loss && timing ? { CumulativeLoss: Number(loss), LossTiming: timing } : {}),
  };
}

/** True when the timing curve replaces the CDR input (the screen says so beside CDR). */
export function timingReplacesCdr(v: LossTimingInputs): boolean {
  return !!v.cumulativeLoss.trim() && !!v.timing.trim();
}
