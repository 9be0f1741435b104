import { MatrixRequestSchema, MatrixResponse, MatrixType, SimulationQuery, SimulationRequestSchema } from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { ApiModule } from '../module.ts';
import { runMatrix, runSimulation } from './simulation.service.ts';

const tags = ['simulation'];

/**
 * Deal and bond runs (spec 000 §7 "Simulation"). Any signed-in user may run the deals assigned to
 * them; loan-level runs need LDM_User or AFT_User (checked in the service, where the flag is known).
 */
export const simulationModule: ApiModule = {
  name: 'simulation',
  register(api, ctx) {
    api.post('/simulate', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'Collateral and bond cashflows of a deal under one scenario',
        description: 'Rates are fractions. Vectors are period-indexed with a leading period-0 element; a single value is flat. '
          + 'CPR/CDR may name a user vector. useShallowResponse=true drops the row arrays. Admins get RunTime (seconds).',
        body: SimulationRequestSchema, querystring: SimulationQuery,
      },
    }, async (request) => runSimulation(ctx, requireUser(request), request.body, {
      shallow: request.query.useShallowResponse === 'true',
      loanLevel: request.query.loanLevel === 'true',
    }));

    api.post('/simulate/:type/matrix', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'A bond over the CPR × CDR grid: WAL, write-down % (grids indexed by CDR then CPR)',
        params: z.object({ type: MatrixType }), body: MatrixRequestSchema, querystring: SimulationQuery,
        response: { 200: MatrixResponse },
      },
    }, async (request) => runMatrix(ctx, requireUser(request), request.body, { loanLevel: request.query.loanLevel === 'true' }));
  },
};
