/**
 * Uploads of GSE files from the admin screen: the request body streams to a file in the scratch
 * directory (never held in memory), then the import runs (DuckDB works on its own threads) while
 * the screen polls the job for its progress bar. Jobs live in this process's memory for an hour.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ImportJob } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { importGseFiles } from './gse-import.service.ts';
import type { LoanStore } from './loan-store.ts';

const KEEP_MS = 3600_000;

export class UploadJobs {
  private readonly jobs = new Map<string, ImportJob & { finishedAt?: number }>();

  constructor(private readonly store: () => Promise<LoanStore>, private readonly db: Db, private readonly scratchDir: string) {}

  get(id: string): ImportJob | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    const { finishedAt: _finishedAt, ...rest } = job;
    return rest;
  }

  /** Streams `body` to disk, then starts the import; resolves once the upload is on disk. */
  async start(fileName: string, body: Readable): Promise<ImportJob> {
    this.forgetOld();
    const id = randomBytes(8).toString('hex');
    const job: ImportJob & { finishedAt?: number } = { Id: id, File: fileName, State: 'uploading', Percent: 0, Outcome: null, Message: null };
    this.jobs.set(id, job);
    const dir = path.join(this.scratchDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    // The original name is kept (its .zip suffix tells the importer to unpack it), behind the job id.
    const file = path.join(dir, `${id}-${path.basename(fileName).replace(/[^\w.-]/g, '_')}`);
    try {
      await pipeline(body, createWriteStream(file));
    } catch (error) {
      rmSync(file, { force: true });
      Object.assign(job, { State: 'failed', Message: `the upload was interrupted: ${(error as Error).message}`, finishedAt: Date.now() });
      return this.get(id) as ImportJob;
    }
    job.State = 'importing';
    void this.run(job, file, fileName);
    return this.get(id) as ImportJob;
  }

  private async run(job: ImportJob & { finishedAt?: number }, file: string, fileName: string): Promise<void> {
    try {
      const outcome = await importGseFiles(await this.store(), this.db, [{ path: file, name: fileName }], {
        onProgress: ({ percent }) => { job.Percent = Math.round(percent * 10) / 10; },
      });
      Object.assign(job, { State: 'done', Percent: 100, Outcome: outcome });
    } catch (error) {
      Object.assign(job, { State: 'failed', Message: (error as Error).message.slice(0, 1000) });
    } finally {
      job.finishedAt = Date.now();
      rmSync(file, { force: true });
    }
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) if (job.finishedAt && now - job.finishedAt > KEEP_MS) this.jobs.delete(id);
  }
}
