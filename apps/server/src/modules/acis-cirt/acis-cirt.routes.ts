import {
  AcisMatrixRequestSchema, AcisRequestSchema, AcisResponse, CirtMatrixRequestSchema, CirtQuery, CirtRequestSchema, CirtResponse, ReinsuranceMatrixResponse,
} from '@opencrt/contracts';
import { requireUser } from '../../auth/authenticate.ts';
import { runOptionsOf } from '../../runs/client-signal.ts';
import { trustedShape } from '../../http/trusted-shape.ts';
import type { ApiModule } from '../module.ts';
import { runAcisMatrixRequest, runAcisRequest } from './acis-runs.service.ts';
import { runCirtMatrixRequest, runCirtRequest } from './cirt-runs.service.ts';

const tags = ['reinsurance'];
const description = 'Rates are fractions (Margin = collateral % of the limit, InterestRate = trust-account interest). OwnedFaceAmt is the Initial Limit in dollars '
  + '(text with thousands separators is accepted). Yield.Value = 12 × the monthly IRR of NetInsuranceCashflow; line metrics are annualised on limit-years. '
  + 'Matrix axes are percent; grids are indexed by CDR then CPR.';

/**
 * ACIS and CIRT reinsurer runs (spec 001 §7). Any signed-in user may run the deals assigned to
 * them; the blended CIRT run (historical rows) is admin-only, checked in the service.
 */
export const acisCirtModule: ApiModule = {
  name: 'acis-cirt',
  register(api, ctx) {
    api.post('/simulate/acis', {
      ...trustedShape,
      config: { permission: 'session' },
      schema: { tags, summary: 'An ACIS bond: reinsurer cashflow on its STACR tranche, ROI and line metrics', description, body: AcisRequestSchema, response: { 200: AcisResponse } },
    }, async (request, reply) => runAcisRequest(ctx, requireUser(request), request.body, runOptionsOf(request, reply).signal));

    api.post('/simulate/acis/matrix', {
      ...trustedShape,
      config: { permission: 'session' },
      schema: { tags, summary: 'An ACIS bond over the CPR × CDR grid: ROI and line metrics', description, body: AcisMatrixRequestSchema, response: { 200: ReinsuranceMatrixResponse } },
    }, async (request, reply) => runAcisMatrixRequest(ctx, requireUser(request), request.body, runOptionsOf(request, reply).signal));

    api.post('/simulate/cirt', {
      ...trustedShape,
      config: { permission: 'session' },
      schema: {
        tags, summary: 'A CIRT policy: reinsurer cashflow, policy information, ROI and line metrics',
        description: `${description} includeHistorical=true (Run Scenario (Blended), admins only) adds the remittance months first (IsHistorical).`,
        body: CirtRequestSchema, querystring: CirtQuery, response: { 200: CirtResponse },
      },
    }, async (request, reply) => runCirtRequest(ctx, requireUser(request), request.body, request.query.includeHistorical === 'true', runOptionsOf(request, reply).signal));

    api.post('/simulate/cirt/matrix', {
      ...trustedShape,
      config: { permission: 'session' },
      schema: { tags, summary: 'A CIRT policy over the CPR × CDR grid: ROI and line metrics', description, body: CirtMatrixRequestSchema, response: { 200: ReinsuranceMatrixResponse } },
    }, async (request, reply) => runCirtMatrixRequest(ctx, requireUser(request), request.body, runOptionsOf(request, reply).signal));
  },
};
