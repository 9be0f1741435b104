import { PortfolioCreateRequestSchema, PortfolioSchema } from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { ApiModule } from '../module.ts';
import { createPortfolio, getPortfolio } from './portfolios.service.ts';

const tags = ['portfolios'];

/** POST /portfolios/ (create, spec 001 §3.4 / spec 002 §7) and GET /portfolios/{name}. */
export const portfoliosModule: ApiModule = {
  name: 'portfolios',
  register(api, ctx) {
    api.post('/portfolios/', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Create a portfolio (name unique per user) with its entries', body: PortfolioCreateRequestSchema, response: { 200: PortfolioSchema } },
    }, (request) => createPortfolio(ctx.db, requireUser(request), request.body, ctx.now()));

    api.get('/portfolios/:name', {
      config: { permission: 'session' },
      schema: { tags, summary: 'One of the caller\'s portfolios by name', params: z.object({ name: z.string().min(1).max(200) }), response: { 200: PortfolioSchema } },
    }, (request) => getPortfolio(ctx.db, requireUser(request), request.params.name));
  },
};
