/**
 * The entries table of /portfolio (spec 002 entity "Portfolio entry"): deal and bond choices,
 * amount and margin (collateral % for Reinsurance, price for Bonds), a scenario choice per entry
 * (a saved scenario or a user collateral cashflow of the deal disables that entry's CPR, CDR,
 * severity and delinquency), cancellation month
 * (Reinsurance) or clean-up call (Bonds), and the computed Yield / Rate / Loss / Return on line
 * of the last run.
 */
import { isReinsuranceDealName, isSilentMetricFailure, type PortfolioRunEntryResult, type PortfolioType, type ScenarioSummary } from '@opencrt/contracts';
import type { EntryDraft } from './portfolio-model.ts';

export interface EntriesTableProps {
  type: PortfolioType;
  entries: readonly EntryDraft[];
  readOnly: boolean;
  /** The user's deal names (all types; the table offers those of the portfolio's type). */
  deals: readonly string[];
  scenarios: readonly ScenarioSummary[];
  /** The user's saved collateral cashflows (GET /usercollcashflow), by deal. */
  cashflows: readonly UserCashflowChoice[];
  /** Line results of the last run, by ordinal number. */
  results: ReadonlyMap<number, PortfolioRunEntryResult>;
  onChange(i: number, patch: Partial<EntryDraft>): void;
  onDeal(i: number, deal: string): void;
  onRemove(i: number): void;
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '' : `${(x * 100).toFixed(2)}%`);

function yieldCell(r: PortfolioRunEntryResult | undefined): string {
  if (!r) return '';
  if (r.Yield.IsSuccessful) return pct(r.Yield.Value);
  return isSilentMetricFailure(r.Yield.ErrorMessage) ? '-----' : (r.Yield.ErrorMessage ?? '-----');
}

/** Scenarios an entry may use: the deal's own and the common (deal-less) ones. */
export function scenariosFor(all: readonly ScenarioSummary[], deal: string): ScenarioSummary[] {
  const d = deal.trim().toLowerCase();
  return all.filter((s) => s.DealName === null || s.DealName === '' || s.DealName.toLowerCase() === d);
}

export interface UserCashflowChoice { DealName: string; Label: string }

/** The scenario select's value: '' static speeds, 's:<id>' a saved scenario, 'c:<label>' a user cashflow. */
export function scenarioValue(e: Pick<EntryDraft, 'ScenarioId' | 'UserCashflowLabel'>): string {
  if (e.UserCashflowLabel !== null) return `c:${e.UserCashflowLabel}`;
  return e.ScenarioId === null ? '' : `s:${e.ScenarioId}`;
}

/** The entry fields a scenario select value stands for (one choice at a time). */
export function scenarioPatch(value: string): Pick<EntryDraft, 'ScenarioId' | 'UserCashflowLabel'> {
  if (value.startsWith('c:')) return { ScenarioId: null, UserCashflowLabel: value.slice(2) };
  if (value.startsWith('s:')) return { ScenarioId: Number(value.slice(2)), UserCashflowLabel: null };
  return { ScenarioId: null, UserCashflowLabel: null };
}

/** The chosen scenario's full text (the narrow select may cut it). */
function scenarioTitle(e: Pick<EntryDraft, 'ScenarioId' | 'UserCashflowLabel'>, choices: readonly ScenarioSummary[]): string {
  if (e.UserCashflowLabel !== null) return e.UserCashflowLabel;
  const s = choices.find((c) => c.Id === e.ScenarioId);
  return s ? scenarioLabel(s) : e.ScenarioId === null ? 'Static' : `Scenario #${e.ScenarioId}`;
}

const scenarioLabel = (s: ScenarioSummary) => `${s.ScenarioName}${s.Vendor ? ` (${s.Vendor})` : ''}${s.DealName ? '' : ' — common'}`;

export function PortfolioEntriesTable({ type, entries, readOnly, deals, scenarios, cashflows, results, onChange, onDeal, onRemove }: EntriesTableProps) {
  const reins = type === 'Reinsurance';
  const ofType = deals.filter((d) => isReinsuranceDealName(d) === reins);
  const text = (i: number, e: EntryDraft, k: 'OwnedFaceAmt' | 'Margin' | 'Cpr' | 'Cdr' | 'LossSeverity' | 'Delinquency' | 'CancellationDate', label: string, disabled = false, placeholder?: string) => (
    <input className="form-control form-control-sm" aria-label={`Line ${i + 1} ${label}`} data-testid={`entry-${i + 1}-${k}`} value={e[k]}
      placeholder={placeholder} disabled={readOnly || disabled} onChange={(ev) => onChange(i, { [k]: ev.target.value })} />
  );
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle crt-portfolio-entries" data-testid="portfolio-entries">
        <thead>
          <tr>
            <th>#</th><th>Deal</th><th>Bond</th><th>{reins ? 'Initial Limit ($)' : 'Balance ($)'}</th>{reins ? <th title="Collateral (%)">Coll (%)</th> : <th>Price ($)</th>}
            <th>Scenario</th><th>CPR (%)</th><th>CDR (%)</th><th>Sev (%)</th><th>Del (%)</th>
            {reins ? <th title="Cancellation date (YYYYMMDD; blank: the deal's optional cancellation date)">Cancel Date</th> : <th>Clean-up Call</th>}
            <th className="text-end">Yield</th>
            {reins ? <><th className="text-end">Rate On Line</th><th className="text-end">Loss On Line</th><th className="text-end">Return On Line</th></> : null}
            {readOnly ? null : <th aria-label="Remove" />}
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => {
            const fromScenario = e.ScenarioId !== null || e.UserCashflowLabel !== null;
            const choices = scenariosFor(scenarios, e.DealName);
            const known = e.ScenarioId === null || choices.some((s) => s.Id === e.ScenarioId);
            const deal = e.DealName.trim().toLowerCase();
            const ownCashflows = cashflows.filter((c) => c.DealName.toLowerCase() === deal).map((c) => c.Label);
            const flows = e.UserCashflowLabel !== null && !ownCashflows.includes(e.UserCashflowLabel) ? [e.UserCashflowLabel, ...ownCashflows] : ownCashflows;
            const r = results.get(i + 1);
            return (
              <tr key={i} data-testid={`entry-${i + 1}`}>
                <td>{i + 1}</td>
                <td className="crt-deal">
                  <select className="form-select form-select-sm" aria-label={`Line ${i + 1} deal`} data-testid={`entry-${i + 1}-deal`} value={e.DealName}
                    disabled={readOnly} onChange={(ev) => onDeal(i, ev.target.value)}>
                    <option value="">-- deal --</option>
                    {[...new Set([...(e.DealName && !ofType.includes(e.DealName) ? [e.DealName] : []), ...ofType])].map((d) => <option key={d} value={d}>{d}</option>)}
                  </select>
                </td>
                <td className="crt-bond">
                  <select className="form-select form-select-sm" aria-label={`Line ${i + 1} bond`} data-testid={`entry-${i + 1}-bond`} value={e.BondName}
                    disabled={readOnly} onChange={(ev) => onChange(i, { BondName: ev.target.value })}>
                    <option value="" />
                    {[...new Set([e.BondName, ...e.AvailableBonds])].filter(Boolean).map((b) => <option key={b} value={b}>{b}</option>)}
                  </select>
                </td>
                <td className="crt-amount">{text(i, e, 'OwnedFaceAmt', reins ? 'initial limit' : 'balance')}</td>
                <td className="crt-margin">{text(i, e, 'Margin', reins ? 'collateral' : 'price')}</td>
                <td className="crt-scenario">
                  <select className="form-select form-select-sm" aria-label={`Line ${i + 1} scenario`} data-testid={`entry-${i + 1}-scenario`}
                    value={scenarioValue(e)} title={scenarioTitle(e, choices)} disabled={readOnly} onChange={(ev) => onChange(i, scenarioPatch(ev.target.value))}>
                    <option value="">Static</option>
                    {!known ? <option value={`s:${e.ScenarioId}`}>Scenario #{e.ScenarioId}</option> : null}
                    {choices.map((s) => <option key={s.Id} value={`s:${s.Id}`}>{scenarioLabel(s)}</option>)}
                    {flows.length ? (
                      <optgroup label="User cashflows">
                        {flows.map((label) => <option key={label} value={`c:${label}`}>{label}</option>)}
                      </optgroup>
                    ) : null}
                  </select>
                </td>
                <td className="crt-narrow">{text(i, e, 'Cpr', 'CPR', fromScenario)}</td>
                <td className="crt-narrow">{text(i, e, 'Cdr', 'CDR', fromScenario)}</td>
                <td className="crt-narrow">{text(i, e, 'LossSeverity', 'severity', fromScenario)}</td>
                <td className="crt-narrow">{text(i, e, 'Delinquency', 'delinquency', fromScenario)}</td>
                <td className="crt-date">
                  {reins
                    ? text(i, e, 'CancellationDate', 'cancellation date (YYYYMMDD)', false, e.OptionalCancellationDate ? String(e.OptionalCancellationDate) : 'YYYYMMDD')
                    : <input type="checkbox" className="form-check-input" aria-label={`Line ${i + 1} clean-up call`} data-testid={`entry-${i + 1}-CleanupCall`}
                      checked={e.CleanupCall} disabled={readOnly} onChange={(ev) => onChange(i, { CleanupCall: ev.target.checked })} />}
                </td>
                <td className="text-end text-nowrap" data-testid={`entry-${i + 1}-yield`}>{yieldCell(r)}</td>
                {reins ? (
                  <>
                    <td className="text-end text-nowrap" data-testid={`entry-${i + 1}-rol`}>{pct(r?.LineMetrics.RateOnLine)}</td>
                    <td className="text-end text-nowrap" data-testid={`entry-${i + 1}-lol`}>{pct(r?.LineMetrics.LossOnLine)}</td>
                    <td className="text-end text-nowrap" data-testid={`entry-${i + 1}-retol`}>{pct(r?.LineMetrics.ReturnOnLine)}</td>
                  </>
                ) : null}
                {readOnly ? null : (
                  <td><button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Remove line ${i + 1}`} data-testid={`entry-${i + 1}-remove`} onClick={() => onRemove(i)}>×</button></td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
