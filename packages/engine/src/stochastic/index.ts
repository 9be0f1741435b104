/** Stochastic economic paths for loss distributions (issue 35). */
export { ECONOMIC_BOUNDS, ECONOMIC_SERIES, economicPath, meanPaths } from './economic-scenario-model.ts';
export type { EconomicBase, EconomicPath, EconomicScenarioParameters, EconomicSeries, EconomicStart } from './economic-scenario-model.ts';
export { autocorrelation, compareFitWithHistory, fitEconomicScenarioModel, leastSquares, UNEMPLOYMENT_MONTHS_LEFT_OUT } from './fit-economic-scenarios.ts';
export type { AnnualChangeStats, FitComparison } from './fit-economic-scenarios.ts';
export { pathKey, pathNormals } from './path-random.ts';
import parameters from './economic-scenario-parameters.json' with { type: 'json' };
import type { EconomicScenarioParameters } from './economic-scenario-model.ts';
/** The committed fit (npm run -s model:fit-paths -- --write reproduces it from data/macro/). */
export const ECONOMIC_SCENARIO_PARAMETERS: EconomicScenarioParameters = parameters;
