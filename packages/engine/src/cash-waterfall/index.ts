/** Cash-flow waterfall interpreter (RMBS, ABS, agency pools and REMICs). */
export { runCashWaterfall } from './run-cash-waterfall.ts';
export type * from './cash-waterfall-types.ts';
