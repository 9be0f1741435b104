import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  GseDealCreatedSchema, GseDealRequestSchema, GseFileListSchema, ImportJobParamsSchema, ImportJobSchema, StratListSchema, StratQuerySchema, VintageListSchema, VintageQuerySchema,
  ModelCalibrationListSchema, VintageBacktestQuerySchema, VintageBacktestSchema,
} from '@opencrt/contracts';
import { requireUser } from '../../auth/authenticate.ts';
import { runOptionsOf } from '../../runs/client-signal.ts';
import { checkModelRole } from '../credit-models/credit-model.service.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { ApiModule } from '../module.ts';
import { createGseDeal } from './gse-deal.service.ts';
import { listGseFiles } from './gse-files.repository.ts';
import { openLoanDataStore } from './loan-data.store.ts';
import type { LoanStore } from './loan-store.ts';
import { UploadJobs } from './upload-jobs.ts';
import { stratify, vintageCurves } from './vintage.service.ts';
import { listCalibrations } from './model-calibrations.repository.ts';
import { vintageBacktest } from './vintage-backtest.service.ts';

const tags = ['loan-data'];
const UploadQuerySchema = z.object({
  name: z.string().trim().min(1, 'name is the uploaded file\'s name').max(200, 'name has at most 200 characters')
    .regex(/\.(txt|zip|csv)$/i, 'name must end in .txt, .zip or .csv'),
});

/** GSE loan-level data (issue 33): vintage curves, strats, the imported files, uploads. */
export const loanDataModule: ApiModule = {
  name: 'loan-data',
  register(api, ctx) {
    // DuckDB is opened on first use, once per process.
    let opening: Promise<LoanStore> | null = null;
    const store = (): Promise<LoanStore> => (opening ??= openLoanDataStore(ctx.config.loanData));
    const uploads = new UploadJobs(store, ctx.db, ctx.config.loanData.scratchDir);
    api.addHook('onClose', async () => { if (opening) await (await opening).close(); });

    api.get('/vintages', {
      config: { permission: 'loan-data:read' },
      schema: { tags, summary: 'Vintage curves of the imported loans', querystring: VintageQuerySchema, response: { 200: VintageListSchema } },
    }, async (request) => vintageCurves(await store(), ctx.db, request.query));

    api.get('/vintages/strats', {
      config: { permission: 'loan-data:read' },
      schema: { tags, summary: 'Stratification of the imported loans by one attribute', querystring: StratQuerySchema, response: { 200: StratListSchema } },
    }, async (request) => stratify(await store(), ctx.db, request.query));

    api.get('/vintages/backtest', {
      config: { permission: 'loan-data:read' },
      schema: {
        tags, summary: 'The credit model on a vintage\'s loans over the historical macro path, curves by month on book beside the actual ones',
        querystring: VintageBacktestQuerySchema, response: { 200: VintageBacktestSchema },
      },
    }, async (request, reply) => {
      const user = requireUser(request);
      checkModelRole(user, request.query.model);
      return vintageBacktest(ctx, user, await store(), request.query, runOptionsOf(request, reply).signal);
    });

    api.get('/vintages/calibrations', {
      config: { permission: 'loan-data:read' },
      schema: { tags, summary: 'Credit-model calibrations fitted to imported populations (npm run model:fit -- --population)', response: { 200: ModelCalibrationListSchema } },
    }, async () => listCalibrations(ctx.db));

    api.post('/loan-data/deals', {
      config: { permission: 'deals:create' },
      schema: {
        tags, summary: 'Build a deal from a reference pool or a population: its loan tape and reported collateral history; runs start from the last reported month',
        body: GseDealRequestSchema, response: { 201: GseDealCreatedSchema },
      },
    }, async (request, reply) => reply.code(201).send(await createGseDeal(await store(), ctx.db, request.body)));

    api.get('/loan-data/files', {
      config: { permission: 'loan-data:read' },
      schema: { tags, summary: 'The GSE files in the store', response: { 200: GseFileListSchema } },
    }, async () => (await listGseFiles(ctx.db)).map((f) => ({
      Name: f.name, Layout: f.layout, SizeBytes: f.sizeBytes, Loans: f.loans, PerformanceRows: f.performanceRows,
      RejectedLines: f.rejectedLines, ImportedAt: (f.importedAt ?? new Date(0)).toISOString(),
    })));

    // The body is the file itself, streamed to disk: no JSON parsing and no body-size buffer.
    api.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    api.post('/loan-data/uploads', {
      config: { permission: 'loan-data:import' },
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: { tags, summary: 'Upload a GSE file (body: the file, application/octet-stream) and import it', querystring: UploadQuerySchema, response: { 202: ImportJobSchema } },
    }, async (request, reply) => {
      if (!request.headers['content-type']?.startsWith('application/octet-stream')) throw new Invalid('send the file as the body with Content-Type application/octet-stream');
      const job = await uploads.start(request.query.name, request.body as Readable);
      return reply.code(202).send(job);
    });

    api.get('/loan-data/uploads/:id', {
      config: { permission: 'loan-data:import' },
      schema: { tags, summary: 'An upload\'s import progress', params: ImportJobParamsSchema, response: { 200: ImportJobSchema } },
    }, async (request) => {
      const job = uploads.get(request.params.id);
      if (!job) throw new NotFound('No such upload');
      return job;
    });
  },
};
