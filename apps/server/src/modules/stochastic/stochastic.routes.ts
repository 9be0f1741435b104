import { StochasticRequestSchema, StochasticResponse } from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { ApiModule } from '../module.ts';
import { RunCancelled } from '../../runs/run-service.ts';
import { runStochasticOf } from './reinsurance-stochastic.service.ts';

const Query = z.object({
  loanLevel: z.enum(['true', 'false']).optional(),
  /** 'true': answer NDJSON progress lines, then the result (the screens' progress bar). */
  progress: z.enum(['true', 'false']).optional(),
});

/**
 * POST /simulate/stochastic (issue 35): loss distributions over seeded economic paths. Any signed-in
 * user may run the deals assigned to them (the service checks deal, roles and inputs as POST /simulate;
 * an ACIS or CIRT deal as POST /simulate/acis and /cirt, answering its layer).
 * With ?progress=true the answer is NDJSON: {"type":"progress","done":n,"total":Paths} lines as batches
 * finish, then {"type":"done","result":{…}} (or {"type":"error","Message":…}); a client that
 * disconnects cancels the batches not yet run.
 */
export const stochasticModule: ApiModule = {
  name: 'stochastic',
  register(api, ctx) {
    api.post('/simulate/stochastic', {
      config: { permission: 'session' },
      schema: {
        tags: ['simulation'],
        summary: 'Loss distributions of a deal\'s classes and collateral over seeded economic paths (credit models LDM, LDM_3, AFT)',
        description: 'The POST /simulate inputs with a credit model, plus Paths (1–10,000), Seed and ReturnPaths. Economic vectors given with '
          + 'the request are the mean the paths scatter around; otherwise paths start from the settlement month\'s values '
          + '(docs/economic-scenarios.md). Losses are percent of each class\'s balance at settlement. ?progress=true streams NDJSON progress.',
        body: StochasticRequestSchema, querystring: Query,
        response: { 200: StochasticResponse },
      },
    }, async (request, reply) => {
      const user = requireUser(request);
      const controller = new AbortController();
      reply.raw.once('close', () => { if (!reply.raw.writableFinished) controller.abort(); });
      const loanLevel = request.query.loanLevel === 'true';
      if (request.query.progress !== 'true') return runStochasticOf(ctx, user, request.body, { loanLevel, signal: controller.signal });

      // Progress lines start once the run is admitted: a refusal before that (400, 404, 429) is a plain error reply.
      let streaming = false;
      let admitted: () => void = () => {};
      const admission = new Promise<null>((resolve) => { admitted = () => resolve(null); });
      const write = (line: unknown) => { if (streaming) reply.raw.write(`${JSON.stringify(line)}\n`); };
      const result = runStochasticOf(ctx, user, request.body, {
        loanLevel, signal: controller.signal, onAdmitted: () => admitted(),
        onProgress: (done, total) => write({ type: 'progress', done, total }),
      });
      const refused = await Promise.race([result.then(() => null, (error: unknown) => error), admission]);
      if (refused) throw refused;
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      streaming = true;
      write({ type: 'progress', done: 0, total: request.body.Paths });
      try {
        write({ type: 'done', result: await result });
      } catch (error) {
        if (!(error instanceof RunCancelled)) write({ type: 'error', Message: error instanceof Error ? error.message : String(error) });
      }
      reply.raw.end();
      return reply;
    });
  },
};
