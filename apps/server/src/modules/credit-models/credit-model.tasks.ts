import { runCreditModel, type CreditModelInputs, type CreditModelSums, type ModelLoanTape } from '@opencrt/engine';

/** One part of a model run: the loans of one slice of a tape (halves run on separate workers and add up). */
export interface CreditModelTaskInput {
  tape: ModelLoanTape;
  inputs: CreditModelInputs;
  months: number;
}

/** Pool sums of the credit model over one tape slice. */
export function creditModelTask(input: CreditModelTaskInput): CreditModelSums {
  return runCreditModel(input.tape, input.inputs, input.months);
}
