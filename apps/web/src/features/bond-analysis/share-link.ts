import type { PrepaymentConvention } from '../../components/run-inputs/run-options.ts';
import type { BondInputs, PricingTab } from './bond-inputs.ts';

/**
 * A link that reproduces a bond run: deal, bond, tab, settlement date (YYYY-MM-DD) and every
 * input in the query string (the page reads them before its cookies); prepay_convention only when
 * not the default CPR, cleanup_call only when on, price_from and dm only for a price run from a DM.
 */
export function shareLink(origin: string, run: { dealName: string; bondName: string; tab: PricingTab; settlement: number | null; inputs: BondInputs; convention?: PrepaymentConvention; cleanupCall?: boolean }): string {
  const q = new URLSearchParams({ dealName: run.dealName, bondName: run.bondName, tab: run.tab });
  if (run.settlement) {
    const s = String(run.settlement);
    q.set('settle_dt', `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`);
  }
  const i = run.inputs;
  const fields: [string, string][] = [
    ['cpr', i.cpr], ['cdr', i.cdr], ['loss_severity', i.lossSeverity], ['delinquency', i.delinquency], ['libor', i.libor],
    ['price', i.price], ['yield', i.yield], ['spread', i.spread], ['benchmark', i.benchmark],
  ];
  for (const [k, v] of fields) q.set(k, v);
  // The price tab in DM mode (issue 25 #2) prices from the DM: the link says so.
  if (run.tab === 'price' && i.priceFrom === 'dm') { q.set('price_from', 'dm'); q.set('dm', i.dm); }
  if (run.convention === 'ABS') q.set('prepay_convention', 'ABS');
  if (run.cleanupCall) q.set('cleanup_call', 'true');
  return `${origin}/bond_analysis?${q.toString()}`;
}
