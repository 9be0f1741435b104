/**
 * Custom deal routes (spec 001 §7 "Custom deals"), all under /api:
 *
 * | route | permission | answer |
 * |---|---|---|
 * | GET /deals/custom/?limit&offset | deals:read | [{ Item1: name, Item2: { Id, LastModified, StructureAsObject: { Type } } }], a page (default 1,000) by id; x-total-count |
 * | GET /deals/custom/{id}?export=false | deals:read | the stored deal (Structure JSON text and StructureAsObject) |
 * | GET /deals/custom/{id}?export=true | admin | '{name}.ods', an OpenDocument spreadsheet of the deal |
 * | GET /deals/custom/template?name= | deals:read | template deal details (FHLMC 5005, NQM GENERIC) for the Python editor |
 * | POST /deals/custom/{cirt,stacr_acis,python} | deals:create | { Id, Name, CatalogNames } |
 * | PUT /deals/custom/{cirt,stacr_acis,python}/{id} | deals:create | { Id, Name, CatalogNames } |
 * | DELETE /deals/custom/{id} | deals:create | { Message } |
 *
 * deals:create = OnlineDeals_Creator or Admin; anyone else gets 403 on every write.
 * Invalid deals: 400 'Invalid data, Deal cannot be created.' followed by one 'path: message' line per issue.
 */
import {
  CustomDealCreatedSchema, CustomDealGetQuerySchema, CustomDealIdParamsSchema, CustomDealListQuery, CustomDealListSchema, CustomDealPayloadSchema,
  PythonDealStructureSchema, PythonTemplateQuerySchema, StoredCustomDealSchema, type CustomDealType,
} from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden } from '../../http/errors.ts';
import type { ApiModule } from '../module.ts';
import { customDealOds, ODS_MIME } from './custom-deal.odf.ts';
import { createCustomDealsService } from './custom-deals.service.ts';
import { templateSpec } from './template.loader.ts';

const tags = ['custom deals'];
const read = { permission: 'deals:read' as const };
const write = { permission: 'deals:create' as const };
const MessageSchema = z.object({ Message: z.string() });

const KINDS: { path: string; type: CustomDealType }[] = [
  { path: 'cirt', type: 'CIRT' }, { path: 'stacr_acis', type: 'STACR_ACIS' }, { path: 'python', type: 'PYTHON' },
];

export const customDealsModule: ApiModule = {
  name: 'custom-deals',
  register(api, ctx) {
    const service = createCustomDealsService(ctx);

    api.get('/deals/custom/', {
      config: read,
      schema: {
        tags, summary: 'Every custom deal: name, id, last modified, type; a page of limit (default and most 1,000) from offset, by id',
        description: 'x-total-count: how many custom deals there are in all.', querystring: CustomDealListQuery, response: { 200: CustomDealListSchema },
      },
    }, async (request, reply) => {
      const { list, total } = await service.list(request.query);
      void reply.header('x-total-count', String(total));
      return list;
    });

    api.get('/deals/custom/template', {
      config: read,
      schema: { tags, summary: 'Template deal details for the Python editor', querystring: PythonTemplateQuerySchema, response: { 200: PythonDealStructureSchema } },
    }, (request) => {
      const spec = templateSpec(request.query.name);
      const interest = spec.waterfall.kind === 'cash-flow' ? spec.waterfall.interest : [];
      const groups = spec.waterfall.kind === 'cash-flow' ? spec.waterfall.classGroups : {};
      return {
        DealName: spec.dealName, DealType: spec.family === 'Agency' ? 'REMIC' : 'NQM', Custom: false,
        // Bonds with no balance are not editable (spec 001 §3.11: dropped).
        Bonds: spec.tranches.filter((t) => t.originalNotional > 0).map((t) => {
          const c = interest.find((i) => i.tranche === t.name)?.coupon;
          return {
            BondName: t.name, Cusip: t.cusip, CollateralGroups: [groups[t.name] ?? 1], BondType: t.role,
            OriginalBalance: t.originalNotional, CurrentBalance: t.originalNotional,
            Coupon: c?.kind === 'fixed' ? c.ratePct : c?.kind === 'floater' ? c.marginPct : null,
          };
        }),
      };
    });

    api.get('/deals/custom/:id', {
      config: read,
      schema: {
        tags, summary: 'One custom deal; export=true: the deal as an OpenDocument spreadsheet (Admin)',
        params: CustomDealIdParamsSchema, querystring: CustomDealGetQuerySchema, response: { 200: z.union([StoredCustomDealSchema, z.any()]) },
      },
    }, async (request, reply) => {
      const user = requireUser(request);
      if (request.query.export && !rolesGrant(user.roles, 'admin')) throw new Forbidden('Export to ODF is for administrators only.');
      const deal = await service.get(request.params.id);
      if (!request.query.export) return deal;
      const bytes = await customDealOds(deal.Name, deal.StructureAsObject);
      return reply.header('content-type', ODS_MIME)
        .header('content-disposition', `attachment; filename="${deal.Name.replace(/[^\w .-]/g, '_')}.ods"`)
        .send(bytes);
    });

    for (const kind of KINDS) {
      api.post(`/deals/custom/${kind.path}`, {
        config: write,
        schema: { tags, summary: `Create a custom ${kind.type} deal`, body: CustomDealPayloadSchema, response: { 200: CustomDealCreatedSchema } },
      }, (request) => service.create(requireUser(request), kind.type, request.body));

      api.put(`/deals/custom/${kind.path}/:id`, {
        config: write,
        schema: { tags, summary: `Update a custom ${kind.type} deal`, params: CustomDealIdParamsSchema, body: CustomDealPayloadSchema, response: { 200: CustomDealCreatedSchema } },
      }, (request) => service.update(requireUser(request), kind.type, request.params.id, request.body));
    }

    api.delete('/deals/custom/:id', {
      config: write,
      schema: { tags, summary: 'Delete a custom deal and its catalog deals', params: CustomDealIdParamsSchema, response: { 200: MessageSchema } },
    }, (request) => service.remove(request.params.id));
  },
};
