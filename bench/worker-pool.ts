/**
 * A minimal worker_threads pool for matrix runs (kept out of the pure engine). Workers run
 * TypeScript through tsx's loader; each gets the deal and the shared tape once.
 */
import { Worker } from 'node:worker_threads';
import type { DealSpec, LoanTape } from '@opencrt/engine';
import type { CellResult } from './matrix-cells.ts';

export class MatrixPool {
  private readonly workers: Worker[];
  private nextId = 0;
  private readonly pending = new Map<number, (r: CellResult) => void>();

  constructor(size: number, spec: DealSpec, bond: string, tape: LoanTape | null) {
    // Workers do not inherit tsx's loader: a small .mjs bootstrap registers it per thread.
    const url = new URL('./matrix-worker-boot.mjs', import.meta.url);
    this.workers = Array.from({ length: size }, () => {
      const w = new Worker(url, { workerData: { spec, bond, tape } });
      w.on('message', (m: { id: number; result: CellResult }) => {
        this.pending.get(m.id)?.(m.result);
        this.pending.delete(m.id);
      });
      return w;
    });
  }

  /** Runs cells on whichever worker is free next (a shared queue); resolves in input order. */
  run(cells: [number, number][]): Promise<CellResult[]> {
    const results: CellResult[] = new Array(cells.length);
    let next = 0;
    const feed = (w: Worker): Promise<void> => {
      const i = next++;
      if (i >= cells.length) return Promise.resolve();
      const [cdr, cpr] = cells[i]!;
      return new Promise<CellResult>((resolve) => {
        const id = this.nextId++;
        this.pending.set(id, resolve);
        w.postMessage({ id, cdr, cpr });
      }).then((r) => { results[i] = r; return feed(w); });
    };
    return Promise.all(this.workers.map(feed)).then(() => results);
  }

  /** Waits until every worker has loaded its modules (a warm-up cell each). */
  async warm(): Promise<void> {
    await this.run(this.workers.map((): [number, number] => [0, 10]));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
