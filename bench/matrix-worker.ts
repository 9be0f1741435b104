/** Worker thread: receives the deal, bond and shared loan tape once, then runs cells on request. */
import { parentPort, workerData } from 'node:worker_threads';
import type { DealSpec, LoanTape } from '@opencrt/engine';
import { runCell } from './matrix-cells.ts';

const { spec, bond, tape } = workerData as { spec: DealSpec; bond: string; tape: LoanTape | null };
parentPort?.on('message', (msg: { id: number; cdr: number; cpr: number }) => {
  parentPort?.postMessage({ id: msg.id, result: runCell(spec, bond, msg.cpr, msg.cdr, tape) });
});
