import {
  BreakevenRequestSchema, BreakevenResponse, COLUMNS_MEDIA_TYPE, BondRunRequestSchema, BondRunResponse, BondRunType, MatrixRequestSchema, MatrixResponse, MatrixType, SimulationQuery, SimulationRequestSchema,
  YieldTableRequestSchema, YieldTableResponse,
} from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { negotiateEncoding, negotiateLayout } from '../../http/answer-encoding.ts';
import { trustedShape } from '../../http/trusted-shape.ts';
import type { ApiModule } from '../module.ts';
import { runOptionsOf } from '../../runs/client-signal.ts';
import { runBond, runMatrix } from './bond-runs.service.ts';
import { runBreakeven } from './breakeven.service.ts';
import { runYieldTable } from './yield-table.service.ts';
import { runAndSaveScenario, runSimulation } from './simulation.service.ts';

const tags = ['simulation'];
const runDescription = 'Rates are fractions. Vectors are period-indexed with a leading period-0 element; a single value is flat. '
  + 'CPR/CDR may name a user vector. Loan-level runs (RunLoanLevel or ?loanLevel=true) need LDM_User or AFT_User. Admins get RunTime (ms).';

/**
 * Deal and bond runs (spec 000 §7 "Simulation", spec 001 §7). Any signed-in user may run the deals
 * assigned to them; loan-level runs need LDM_User or AFT_User (checked in the service, where the
 * flag is known).
 */
export const simulationModule: ApiModule = {
  name: 'simulation',
  register(api, ctx) {
    api.post('/simulate', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'Collateral and bond cashflows of a deal under one scenario',
        description: `${runDescription} useShallowResponse=true drops the row arrays. `
          + 'layout=columns answers the compact layout: each table of rows as one array per column, rows after a pay-off left out, '
          + `dollars to the cent and rates to 1e-8 (Layout: "columns" in the answer); Accept: ${COLUMNS_MEDIA_TYPE} asks for it too.`,
        body: SimulationRequestSchema, querystring: SimulationQuery,
      },
    }, async (request, reply) => {
      const answer = await runSimulation(ctx, requireUser(request), request.body, {
        shallow: request.query.useShallowResponse === 'true',
        loanLevel: request.query.loanLevel === 'true',
        layout: negotiateLayout(request.query.layout, request.headers.accept),
        encoding: negotiateEncoding(request.headers),
        signal: runOptionsOf(request, reply).signal,
      });
      // JSON bytes written (and compressed, when the encoding is set) by the worker, sent as they are.
      reply.type('application/json; charset=utf-8').header('vary', 'accept, accept-encoding');
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      return reply.send(answer.bytes);
    });

    api.post('/simulate/save_scenario/:scenarioName', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'Runs like POST /simulate and stores the run\'s CPR/CDR/severity/delinquency path as the caller\'s scenario',
        description: runDescription,
        params: z.object({ scenarioName: z.string().max(200) }), body: SimulationRequestSchema, querystring: SimulationQuery,
      },
    }, async (request, reply) => runAndSaveScenario(ctx, requireUser(request), request.body, {
      shallow: request.query.useShallowResponse === 'true',
      loanLevel: request.query.loanLevel === 'true',
      saveScenarioName: request.params.scenarioName,
      signal: runOptionsOf(request, reply).signal,
    }));

    api.post('/simulate/breakeven', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'Breakevens per class: the flat CDR or severity (percent, to 0.01) of its first dollar of loss and of its full write-down',
        description: `${runDescription} Mode Cdr (default) replaces the request's CDR by the searched values; Severity replaces the severity `
          + 'at the request\'s CDR; CumulativeLoss is the CDR search with the collateral\'s cumulative loss (percent of its original balance) '
          + 'of the runs at those CDRs. BondNames (default: every tranche) picks the classes.',
        body: BreakevenRequestSchema, querystring: SimulationQuery,
        response: { 200: BreakevenResponse },
      },
    }, async (request, reply) => runBreakeven(ctx, requireUser(request), request.body, {
      loanLevel: request.query.loanLevel === 'true', signal: runOptionsOf(request, reply).signal,
    }));

    api.post('/simulate/yield-table', {
      config: { permission: 'session' },
      schema: {
        tags, summary: 'Yield table: a bond under each scenario (rows) at each price or discount margin (columns)',
        description: `${runDescription} Scenarios replace the request's CPR, CDR, severity and delinquency (or name a saved scenario); `
          + 'give Prices (percent of face) or DiscountMargins (basis points, floating classes). Each cell equals the single price/yield run it stands for.',
        body: YieldTableRequestSchema, querystring: SimulationQuery,
        response: { 200: YieldTableResponse },
      },
    }, async (request, reply) => runYieldTable(ctx, requireUser(request), request.body, {
      loanLevel: request.query.loanLevel === 'true', signal: runOptionsOf(request, reply).signal,
    }));

    api.post('/simulate/:type', {
      ...trustedShape,
      config: { permission: 'session' },
      schema: {
        tags, summary: 'A bond\'s price (from Yield, Spread + ReferenceCurve, or DiscountMargin), yield (from Price) or spread (from Price + ReferenceCurve)',
        description: `${runDescription} Price is percent of face; Yield, Spread and ReferenceCurve are fractions (mortgage-convention yield).`,
        params: z.object({ type: BondRunType }), body: BondRunRequestSchema, querystring: SimulationQuery,
        response: { 200: BondRunResponse },
      },
    }, async (request, reply) => runBond(ctx, requireUser(request), request.params.type, request.body, {
      loanLevel: request.query.loanLevel === 'true', signal: runOptionsOf(request, reply).signal,
    }));

    api.post('/simulate/:type/matrix', {
      ...trustedShape,
      config: { permission: 'session' },
      schema: {
        tags, summary: 'A bond over the CPR × CDR grid: WAL, write-down % and the metric (grids indexed by CDR then CPR)',
        description: runDescription,
        params: z.object({ type: MatrixType }), body: MatrixRequestSchema, querystring: SimulationQuery,
        response: { 200: MatrixResponse },
      },
    }, async (request, reply) => runMatrix(ctx, requireUser(request), request.params.type, request.body, {
      loanLevel: request.query.loanLevel === 'true', signal: runOptionsOf(request, reply).signal,
    }));
  },
};
