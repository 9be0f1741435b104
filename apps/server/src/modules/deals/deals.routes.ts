/**
 * Deal routes (spec 000 §7 "Deals", spec 001 §7, spec 002 §7), all under /api:
 *
 * | route | answer |
 * |---|---|
 * | GET /deals?export=true\|false | catalog rows of the user's deals; CSV (deals_catalog.csv) when export=true (Admin) |
 * | GET /deals/names, GET /deals/userDealsNames | every deal name / the user's deal names |
 * | GET /deals/idByCusip/{cusip} | { DealName, BondName } |
 * | GET /deals/{name}[?type=acis] | deal detail at the factor date |
 * | GET /deals/{name}/details?settlementDate=YYYYMMDD | deal detail as of a settlement date (last remittance on or before it) |
 * | GET /deals/{name}/{YYYYMMDD} | the same, date in the path |
 * | GET /deals/{name}/acis | ACIS structure |
 * | GET /deals/{name}/collateral/history, /collateral/remitHistory | collateral / deal remittance history, newest first |
 * | GET /deals/{name}/collateral/{month}/report?group= | loan tape of that month grouped by a field |
 * | GET /deals/{name}/bonds/{bond}/remitHistory | bond remittance history, newest first |
 * | POST /administrator/loadCatalogue | reload the demo catalogue from data/deals (Admin) |
 *
 * Unknown or unassigned deal: 404 { Message: 'Deal file could not be opened' }.
 */
import {
  AcisStructureSchema, BondParamsSchema, BondRemitHistorySchema, CollateralHistorySchema, CollateralMonthParamsSchema,
  CollateralReportQuerySchema, CollateralReportSchema, CusipParamsSchema, DealCatalogSchema, DealDetailSchema, DealDetailsQuerySchema,
  DealExtraParamsSchema, DealNamesSchema, DealParamsSchema, DealQuerySchema, DealRemitHistorySchema, DealsListQuerySchema,
  IdByCusipResponseSchema, LoadCatalogueResponseSchema,
  settlementDateProblem,
} from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { trustedShape } from '../../http/trusted-shape.ts';
import type { ApiModule } from '../module.ts';
import { loadCatalogue } from './deals.catalogue.ts';
import { createDealsRepository } from './deals.repository.ts';
import { createDealsService } from './deals.service.ts';

const tags = ['deals'];
const read = { permission: 'deals:read' as const };

export const dealsModule: ApiModule = {
  name: 'deals',
  register(api, ctx) {
    const service = createDealsService(createDealsRepository(ctx.db));

    api.get('/deals', {
      ...trustedShape,
      config: read,
      schema: {
        tags, summary: 'Deal catalog of the signed-in user; export=true returns deals_catalog.csv (Admin)',
        querystring: DealsListQuerySchema, response: { 200: z.union([DealCatalogSchema, z.string()]) },
      },
    }, async (request, reply) => {
      const user = requireUser(request);
      if (!request.query.export) return ctx.catalog.get(user.id, () => service.catalog(user.id));
      if (!rolesGrant(user.roles, 'deals:export')) throw new Forbidden();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="deals_catalog.csv"')
        .send(await service.catalogCsv(user.id));
    });

    api.get('/deals/names', {
      config: read, schema: { tags, summary: 'Every catalog deal name', response: { 200: DealNamesSchema } },
    }, () => service.names());

    api.get('/deals/userDealsNames', {
      config: read, schema: { tags, summary: "The signed-in user's deal names", response: { 200: DealNamesSchema } },
    }, (request) => service.userNames(requireUser(request).id));

    api.get('/deals/idByCusip/:cusip', {
      config: read, schema: { tags, summary: 'Deal and bond of a CUSIP', params: CusipParamsSchema, response: { 200: IdByCusipResponseSchema } },
    }, (request) => service.idByCusip(requireUser(request).id, request.params.cusip));

    api.get('/deals/:name', {
      config: read,
      schema: { tags, summary: 'Deal detail at the factor date (?type=acis for ACIS deals)', params: DealParamsSchema, querystring: DealQuerySchema, response: { 200: DealDetailSchema } },
    }, (request) => service.detail(requireUser(request).id, request.params.name));

    api.get('/deals/:name/details', {
      config: read,
      schema: { tags, summary: 'Deal detail as of a settlement date (YYYYMMDD)', params: DealParamsSchema, querystring: DealDetailsQuerySchema, response: { 200: DealDetailSchema } },
    }, (request) => service.detailOn(requireUser(request).id, request.params.name, request.query.settlementDate));

    api.get('/deals/:name/:extra', {
      config: read,
      schema: { tags, summary: 'Deal detail as of a settlement date given in the path (YYYYMMDD)', params: DealExtraParamsSchema, querystring: DealQuerySchema, response: { 200: DealDetailSchema } },
    }, (request) => {
      const { name, extra } = request.params;
      if (!/^\d{8}$/.test(extra)) throw new NotFound('Wrong path');
      // Same rule as ?settlementDate=: 99999999 is not a day, 99991231 not a plausible settlement.
      const problem = settlementDateProblem(Number(extra));
      if (problem) throw new Invalid(problem);
      return service.detailOn(requireUser(request).id, name, Number(extra));
    });

    api.get('/deals/:name/acis', {
      config: read, schema: { tags, summary: 'ACIS structure of an ACIS deal', params: DealParamsSchema, response: { 200: AcisStructureSchema } },
    }, (request) => service.acis(requireUser(request).id, request.params.name));

    api.get('/deals/:name/collateral/history', {
      config: read, schema: { tags, summary: 'Collateral history, newest first', params: DealParamsSchema, response: { 200: CollateralHistorySchema } },
    }, (request) => service.collateralHistory(requireUser(request).id, request.params.name));

    api.get('/deals/:name/collateral/remitHistory', {
      config: read, schema: { tags, summary: 'Deal remittance history, newest first', params: DealParamsSchema, response: { 200: DealRemitHistorySchema } },
    }, (request) => service.remitHistory(requireUser(request).id, request.params.name));

    api.get('/deals/:name/collateral/:month/report', {
      config: read,
      schema: {
        tags, summary: 'Loan tape of a remittance month (YYYYMM or YYYYMMDD) grouped by a field', params: CollateralMonthParamsSchema,
        querystring: CollateralReportQuerySchema, response: { 200: CollateralReportSchema },
      },
    }, (request) => service.collateralReport(requireUser(request).id, request.params.name, request.params.month, request.query.group));

    api.get('/deals/:name/bonds/:bond/remitHistory', {
      config: read, schema: { tags, summary: 'Bond remittance history, newest first', params: BondParamsSchema, response: { 200: BondRemitHistorySchema } },
    }, (request) => service.bondHistory(requireUser(request).id, request.params.name, request.params.bond));

    api.post('/administrator/loadCatalogue', {
      config: { permission: 'admin' },
      schema: { tags: ['admin'], summary: 'Reload the demo deal catalogue from data/deals', response: { 200: LoadCatalogueResponseSchema } },
    }, async (request) => {
      // Generating the rows takes seconds of CPU: a run task, off the event loop.
      const rows = await ctx.runs.run('catalogueRows', {}, { userId: requireUser(request).id });
      const result = await loadCatalogue(ctx.db, undefined, rows);
      return { Message: 'Deal catalogue loaded.', Deals: result.deals, Loans: result.loans };
    });
  },
};
