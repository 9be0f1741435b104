import { z } from 'zod';
import {
  SaveUserCashflowsResponseSchema, SaveUserCashflowsSchema, UserCashflowQuerySchema, UserCollateralCashflowListSchema,
} from '@opencrt/contracts';
import { requireUser } from '../../auth/authenticate.ts';
import type { ApiModule } from '../module.ts';
import { findUserCashflows, saveUserCashflows, userCashflowVendors } from './user-cashflows.service.ts';

const tags = ['user cashflows'];

/** GET/POST /usercollcashflow and GET /usercollcashflow/vendors (spec 002 "User collateral cashflows"). */
export const userCashflowsModule: ApiModule = {
  name: 'user-cashflows',
  register(api, ctx) {
    api.get('/usercollcashflow', {
      config: { permission: 'session' },
      schema: { tags, summary: 'The caller\'s collateral cashflows (filtered by deal, vendor, month, scenario)', querystring: UserCashflowQuerySchema, response: { 200: UserCollateralCashflowListSchema } },
    }, (request) => findUserCashflows(ctx.db, requireUser(request).id, request.query));

    api.get('/usercollcashflow/vendors', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Vendors named by the caller\'s collateral cashflows', response: { 200: z.array(z.string()) } },
    }, (request) => userCashflowVendors(ctx.db, requireUser(request).id));

    api.post('/usercollcashflow/', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Replace the caller\'s collateral cashflows with the list sent', body: SaveUserCashflowsSchema, response: { 200: SaveUserCashflowsResponseSchema } },
    }, (request) => saveUserCashflows(ctx.db, requireUser(request), request.body, ctx.now(), ctx.config.quotas.cashflows));
  },
};
