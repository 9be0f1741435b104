import {
  CREDIT_MODEL_PARAMETERS, runCreditModel, runCreditModelOnPaths, type CreditModelInputs, type CreditModelSums, type EconomicPaths, type ModelLoanTape,
} from '@opencrt/engine';

/** One part of a model run: the loans of one slice of a tape (halves run on separate workers and add up). */
export interface CreditModelTaskInput {
  tape: ModelLoanTape;
  inputs: CreditModelInputs;
  months: number;
  /** Given paths (a back-test on the historical macro path) instead of the ones the inputs build. */
  paths?: EconomicPaths;
}

/** Pool sums of the credit model over one tape slice. */
export function creditModelTask(input: CreditModelTaskInput): CreditModelSums {
  if (input.paths) return runCreditModelOnPaths(input.tape, input.inputs, input.paths, CREDIT_MODEL_PARAMETERS);
  return runCreditModel(input.tape, input.inputs, input.months);
}
