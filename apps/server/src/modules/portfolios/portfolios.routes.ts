import {
  PortfolioBulkRequestSchema, PortfolioCreateRequestSchema, PortfolioDeleteRequestSchema, PortfolioGridRequestSchema, PortfolioIdParams,
  PortfolioListQuery, PortfolioListSchema, PortfolioRunRequestSchema, PortfolioRunResponseSchema, PortfolioSaveRequestSchema, PortfolioSaveResponseSchema,
  PortfolioScenariosQuery, PortfolioScenariosSchema, PortfolioSchema, PortfolioUpdateRequestSchema,
} from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { runOptionsOf } from '../../runs/client-signal.ts';
import { streamBatch } from '../../runs/stream-batch.ts';
import type { ApiModule } from '../module.ts';
import { cellOf, gridWork, planGrid } from './portfolio-grid.service.ts';
import { runPortfolio } from './portfolio-runs.service.ts';
import { savePortfolioCalculation } from './portfolio-save.service.ts';
import { portfolioScenarios } from './portfolio-scenarios.service.ts';
import {
  createPortfolios, deletePortfolios, getPortfolio, getPortfolioById, listPortfolios, updatePortfolio,
} from './portfolios.service.ts';

const tags = ['portfolios'];
const runTags = ['portfolio runs'];
const first = <T>(xs: T[]): T => xs[0] as T;

/**
 * Portfolios and their runs (spec 002 §7). Any signed-in user works on their own portfolios;
 * administrators on everyone's. Another user's portfolio answers 404. Saving a calculation to the
 * database (Options bit 1) is for administrators (checked in the service).
 */
export const portfoliosModule: ApiModule = {
  name: 'portfolios',
  register(api, ctx) {
    api.get('/portfolios/', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'The caller\'s portfolios keyed by name (admins: everyone\'s), own first; a page of limit (default and most 1,000) from offset',
        description: 'x-total-count: how many the caller may list in all.',
        querystring: PortfolioListQuery, response: { 200: PortfolioListSchema },
      },
    }, async (request, reply) => {
      const { list, total } = await listPortfolios(ctx.db, requireUser(request), request.query);
      void reply.header('x-total-count', String(total));
      return list;
    });

    api.post('/portfolios/', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Create a portfolio (name unique per user) with its entries', body: PortfolioCreateRequestSchema, response: { 200: PortfolioSchema } },
    }, async (request) => first(await createPortfolios(ctx.db, requireUser(request), [request.body], ctx.now(), ctx.config.quotas.portfolios)));

    api.post('/portfolios/bulk', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Save new portfolios together (all or none)', body: PortfolioBulkRequestSchema, response: { 200: z.array(PortfolioSchema) } },
    }, (request) => createPortfolios(ctx.db, requireUser(request), request.body, ctx.now(), ctx.config.quotas.portfolios));

    api.delete('/portfolios/bulk', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Delete portfolios by id (all or none; 404 when any is not the caller\'s)', body: PortfolioDeleteRequestSchema, response: { 200: z.object({ Deleted: z.number().int() }) } },
    }, (request) => deletePortfolios(ctx.db, requireUser(request), request.body));

    api.put('/portfolios/:id', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Replace a portfolio\'s entries', params: PortfolioIdParams, body: PortfolioUpdateRequestSchema, response: { 200: PortfolioSchema } },
    }, (request) => updatePortfolio(ctx.db, requireUser(request), request.params.id, request.body, ctx.now()));

    api.get('/portfolios/:id/scenarios', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'Scenarios for the portfolio\'s deals keyed by deal name; \'\' = common scenarios',
        params: PortfolioIdParams, querystring: PortfolioScenariosQuery, response: { 200: PortfolioScenariosSchema },
      },
    }, async (request) => {
      const user = requireUser(request);
      const portfolio = await getPortfolioById(ctx.db, user, request.params.id);
      return portfolioScenarios(ctx.db, user.id, portfolio, request.query.vendor ?? '');
    });

    api.get('/portfolios/:name', {
      config: { permission: 'session' },
      schema: { tags, summary: 'One portfolio by name (the caller\'s own first; admins: anyone\'s)', params: z.object({ name: z.string().min(1).max(200) }), response: { 200: PortfolioSchema } },
    }, (request) => getPortfolio(ctx.db, requireUser(request), request.params.name));

    api.post('/simulate/portfolio', {
      config: { permission: 'session' },
      schema: {
        tags: runTags, summary: 'Run portfolio lines: ACIS, CIRT, bond and total results',
        description: 'Margin and InterestRate are fractions; vectors follow the simulation request convention. Each entry is one run on the run service.',
        body: PortfolioRunRequestSchema, response: { 200: PortfolioRunResponseSchema },
      },
    }, (request, reply) => runPortfolio(ctx, requireUser(request), request.body, runOptionsOf(request, reply)));

    api.post('/simulate/portfolio/grid', {
      config: { permission: 'session' },
      schema: {
        tags: runTags, summary: 'Vendor grid: entries × scenarios, streamed as NDJSON as cells finish',
        description: 'Lines (runs/stream-batch.ts): {type:"piece",index,done,total,ok,value:GridCell} in finishing order, then '
          + '{type:"done",total,failed,summary:{Lines,Scenarios,Fixed:GridCell[]}} — Fixed holds the cells that need no run (Missing scenario, a line that cannot run) — '
          + 'or {type:"error",Message}. Closing the connection cancels the run.',
        body: PortfolioGridRequestSchema,
      },
    }, async (request, reply) => {
      const user = requireUser(request);
      const plan = await planGrid(ctx, user, request.body);
      const work = await gridWork(ctx, user, plan);
      return streamBatch(ctx.runs, request, reply, 'portfolioCell', work.toRun.map((t) => t.input), {
        piece: (index, value) => {
          const t = work.toRun[index];
          return t ? cellOf(t.ordinal, t.column, value) : null;
        },
        summary: () => ({ Lines: plan.portfolio.PortfolioEntries.length, Scenarios: plan.columns.map((c) => c.name), Fixed: work.fixed }),
      });
    });

    api.post('/simulate/portfolio/save', {
      config: { permission: 'session' },
      schema: {
        tags: runTags, summary: 'Run the grid and save it (Options bit 1, admins) and/or answer a CSV file (bit 2)',
        body: PortfolioSaveRequestSchema, response: { 200: PortfolioSaveResponseSchema.or(z.string()) },
      },
    }, async (request, reply) => {
      const outcome = await savePortfolioCalculation(ctx, requireUser(request), request.body, runOptionsOf(request, reply).signal);
      if (outcome.saved) void reply.header('x-calculation-id', String(outcome.saved.CalculationId));
      if (outcome.csv) {
        return reply.header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${outcome.csv.fileName}"`).send(outcome.csv.text);
      }
      if (!outcome.saved) throw new Error('a save without a file must have stored the calculation');
      return outcome.saved;
    });
  },
};

