/**
 * POST /simulate/stochastic on an ACIS or CIRT deal (issue 35 #2): the loss distribution of the
 * insured layer over seeded economic paths, with its line metrics (expected loss on line, rate on
 * line, margin over expected loss). The request is checked and prepared as POST /simulate/acis and
 * /simulate/cirt prepare it (prepareAcis, prepareCirtPolicy: deal, layer, premium, limit, collateral);
 * each path then replaces the economic inputs the credit model reads, as the deal run does.
 */
import type { StochasticRequestBody, StochasticResponse } from '@opencrt/contracts';
import { ECONOMIC_SCENARIO_PARAMETERS, isCreditModel, meanPaths, startingLines, type EconomicBase, type EconomicPath } from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid } from '../../http/errors.ts';
import { prepareAcis } from '../acis-cirt/acis-runs.service.ts';
import { prepareCirtPolicy } from '../acis-cirt/cirt-runs.service.ts';
import { loadModelTape, type ModelLine } from '../credit-models/model-tape.loader.ts';
import type { ModuleContext } from '../module.ts';
import { elapsedMs, isAdmin } from '../simulation/simulation.service.ts';
import type { ReinsuranceBatchInput, ReinsuranceLayer } from './reinsurance-stochastic.tasks.ts';
import { base, MAX_PATHS_PER_BATCH, MODEL_MONTHS, NEEDS_MODEL, runPathBatches, runStochastic, startValues, withMeanVectors, type StochasticOptions } from './stochastic.service.ts';

const NO_PRERUN = 'A stochastic run projects the reference pool on each path: remove UserCollateralCashflow.';

/** Runs a deal's classes (runStochastic) or, for an ACIS or CIRT deal, its layer. */
export async function runStochasticOf(ctx: ModuleContext, user: AuthUser, body: StochasticRequestBody, options: StochasticOptions): Promise<StochasticResponse> {
  const deal = await ctx.runDeals.assigned(ctx.db, user.id, body.DealName);
  if (deal?.deal_type === 'ACIS' || deal?.deal_type === 'CIRT') return runReinsuranceStochastic(ctx, user, body, deal.deal_type, options);
  return runStochastic(ctx, user, body, options);
}

const sliced = (means: EconomicPath, months: number): EconomicPath => ({
  hpa: means.hpa.slice(0, months), tsy2: means.tsy2.slice(0, months), tsy10: means.tsy10.slice(0, months),
  mtg30: means.mtg30.slice(0, months), mtg15: means.mtg15.slice(0, months), unemployment: means.unemployment.slice(0, months),
});

/** The layer, the request before the credit model, and the pool the model runs on, as the single run prepares them. */
async function prepareLayer(ctx: ModuleContext, user: AuthUser, body: StochasticRequestBody, type: 'ACIS' | 'CIRT') {
  if (type === 'CIRT') {
    const { input, unmodelled, modelDeal, layerName } = await prepareCirtPolicy(ctx, user, body);
    const layer: ReinsuranceLayer = { kind: 'cirt', name: layerName, policy: input };
    return { layer, deal: null, unmodelled, settlementIso: '' /* read by ACIS layers only */, model: modelDeal };
  }
  if (!body.BondName) throw new Invalid('BondName is required for an ACIS deal: the layer to run, e.g. M-2A.');
  const p = await prepareAcis(ctx, user, { ...body, BondName: body.BondName });
  const settlement = Number(p.run.request.SettlementDate);
  // As prepareRun ran the credit model: the STACR lines at settlement (before the ACIS view of the state).
  const start = await ctx.runDeals.start(ctx.db, p.run.dealName, settlement);
  const lines: ModelLine[] = startingLines(p.run.spec, start?.state ?? null, p.run.request.CollateralGroup ?? null);
  const layer: ReinsuranceLayer = {
    kind: 'acis', name: body.BondName, layer: p.layer,
    collateral: { collateralPct: p.settings.collateralPct, interestRate: p.settings.interestRate },
  };
  return {
    layer, deal: p.run.deal, unmodelled: p.run.unmodelled, settlementIso: p.run.settlementIso,
    model: { dealName: p.run.dealName, settlementDate: settlement, poolBalance: start?.state?.poolBalance ?? p.run.spec.collateral.cutOffBalance, lines, months: Math.max(0, ...lines.map((l) => l.remainingTerm)) },
  };
}

async function runReinsuranceStochastic(ctx: ModuleContext, user: AuthUser, body: StochasticRequestBody, type: 'ACIS' | 'CIRT', options: StochasticOptions): Promise<StochasticResponse> {
  const started = performance.now();
  if (!isCreditModel(body.PrepaymentModel)) throw new Invalid(NEEDS_MODEL);
  if (body.UserCollateralCashflow) throw new Invalid(NO_PRERUN);
  const aft = body.PrepaymentModel === 'AFT';
  const userBase: EconomicBase = {
    hpa: base(aft ? body.Hpa : body.Hpi), tsy2: base(body.Tsy2Year), tsy10: base(body.Tsy10Year),
    mtg30: base(body.Mtg30Year), mtg15: base(body.Mtg15Year), unemployment: base(body.NationalUnemploymentForecast),
  };
  // The single run needs every model input: the mean paths from the provisional start stand in (as runStochastic does).
  const provisional = startValues(Number(body.SettlementDate ?? 0) || 20000101);
  const prepared = await prepareLayer(ctx, user, withMeanVectors(body, meanPaths(ECONOMIC_SCENARIO_PARAMETERS, provisional, userBase, MODEL_MONTHS), provisional), type);
  const { model } = prepared;
  const start = startValues(model.settlementDate);
  const months = Math.max(1, Math.min(MODEL_MONTHS, model.months));
  const { tape } = await loadModelTape(ctx.db, model.dealName, model.settlementDate, model.poolBalance, model.lines);
  if (tape.count === 0) throw new Invalid(`${model.dealName} has no performing collateral to run the ${body.PrepaymentModel} model on.`);
  const means = sliced(meanPaths(ECONOMIC_SCENARIO_PARAMETERS, start, userBase, MODEL_MONTHS), months);

  const paths = body.Paths;
  const perBatch = Math.max(1, Math.min(MAX_PATHS_PER_BATCH, Math.ceil(paths / (ctx.runs.parallelism * 4))));
  const inputs: ReinsuranceBatchInput[] = [];
  for (let from = 0; from < paths; from += perBatch) {
    inputs.push({
      layer: prepared.layer, deal: prepared.deal, request: prepared.unmodelled, settlementIso: prepared.settlementIso, modelTape: tape, months,
      startCalendarMonth: (Math.floor(model.settlementDate / 100) % 100) % 12 + 1, parameters: ECONOMIC_SCENARIO_PARAMETERS, means, start,
      seed: body.Seed, from, to: Math.min(paths, from + perBatch), returnBelow: body.ReturnPaths ? 100 : 0,
    });
  }
  const batches = await runPathBatches(ctx, user, 'reinsuranceStochasticBatch', inputs, paths, options);
  const summary = await ctx.runs.run('reinsuranceStochasticSummary', { paths, seed: body.Seed, batches }, { userId: user.id, signal: options.signal });
  return isAdmin(user) ? { ...summary, RunTime: elapsedMs(started) } : summary;
}
