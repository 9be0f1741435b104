/** The open loan-level credit model (LDM 2.2, LDM 3.0 and AFT input sets; crt-domain.md §8). */
export { CREDIT_MODEL_PARAMETERS } from './model-parameters.ts';
export type { CreditModelParameters } from './model-parameters.ts';
export { buildEconomicPaths, validateCreditModelInputs } from './economic-paths.ts';
export type { CreditModelInputs, CreditModelName, EconomicPaths } from './economic-paths.ts';
export * from './model-components.ts';
export { emptyModelTape, repLineTapeOf, sliceModelTape, tapeOfLines, TYPICAL_LOAN } from './model-loan-tape.ts';
export type { ModelLoanTape } from './model-loan-tape.ts';
export { addCreditModelSums, creditModelVectors, emptyCreditModelSums, runCreditModel, runCreditModelOnPaths } from './run-credit-model.ts';
export type { CreditModelSums, CreditModelVectors } from './run-credit-model.ts';
export { creditModelInputsOf, isCreditModel, withModelVectors } from './request-model.ts';
export { hpiRatioBetween, macroValue, monthNumber, MACRO_HISTORY_VERSION } from './macro-history.ts';
export type { MacroSeries } from './macro-history.ts';
export {
  backtestInputs, backtestPaths, backtestResult, BACKTEST_TAPE_VERSION, generateBacktestTape, hpiBetaOfState, normalQuantile, parseMacroCsv, runBacktest,
  stratifiedNormalScores, validateBacktestProfile,
} from './backtest.ts';
export type { BacktestLoans, BacktestProfile, BacktestResult, MacroHistory } from './backtest.ts';
export { HELD_OUT_VINTAGES, modelVintage, parsePublishedVintages, VINTAGE_DATA_DATE, vintageComparison, yearsOf } from './vintage-table.ts';
export type { LtvBucket, PublishedVintage, VintageComparison, VintageProfiles } from './vintage-table.ts';
