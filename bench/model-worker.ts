/** bench/model-run.ts worker: runs the credit model on the tape slice it is sent and returns the pool sums. */
import { parentPort } from 'node:worker_threads';
import { runCreditModel, type CreditModelInputs, type ModelLoanTape } from '@opencrt/engine';

parentPort?.on('message', (m: { id: number; tape: ModelLoanTape; inputs: CreditModelInputs; months: number }) => {
  parentPort?.postMessage({ id: m.id, sums: runCreditModel(m.tape, m.inputs, m.months) });
});
