import { BreakevenResponse, type BreakevenMode, type ClassBreakevenDto } from '@opencrt/contracts';
import { useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { BREAKEVEN_MODES, breakevenCells, breakevenFootnote, breakevenHeaders } from '../../components/run-inputs/breakeven-modes.ts';

/** Quote fields of the pricing body: the breakeven search takes the scenario only. */
const QUOTE_FIELDS = ['BondName', 'Price', 'Yield', 'Spread', 'ReferenceCurve', 'DiscountMargin'];

/**
 * The bond screen's breakeven control (issue 25 #5): the class's first-loss and full write-down
 * breakeven in the chosen mode (CDR, severity at the scenario's CDR, or collateral cumulative
 * loss), under the pricing panel's scenario, as the deal screen's tranche summary shows them.
 */
export function BondBreakevenPanel({ api, bondName, scenarioBody }: {
  api: ApiClient;
  bondName: string;
  /** The pricing panel's request (its quote fields are left out). */
  scenarioBody(): Record<string, unknown>;
}) {
  const [mode, setMode] = useState<BreakevenMode>('Cdr');
  const [answer, setAnswer] = useState<{ mode: BreakevenMode; be: ClassBreakevenDto | undefined } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    const asked = mode;
    setBusy(true); setError(null); setAnswer(null);
    try {
      const body = Object.fromEntries(Object.entries(scenarioBody()).filter(([k]) => !QUOTE_FIELDS.includes(k)));
      const res = await api.post('/simulate/breakeven', { ...body, BondNames: [bondName], Mode: asked }, BreakevenResponse);
      setAnswer({ mode: asked, be: res.Breakevens[0] });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const headers = answer ? breakevenHeaders(answer.mode) : null;
  const cells = answer ? breakevenCells(answer.mode, answer.be) : null;
  return (
    <section className="crt-panel mt-3" data-testid="bond-breakeven">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-2">Breakeven of {bondName}</h2>
        <div className="input-group input-group-sm w-auto">
          <select className="form-select form-select-sm" style={{ maxWidth: 180 }} aria-label="Breakeven mode" data-testid="bond-breakeven-mode" value={mode}
            title={BREAKEVEN_MODES.find((m) => m.value === mode)?.title} onChange={(e) => setMode(e.target.value as BreakevenMode)}>
            {BREAKEVEN_MODES.map((m) => <option key={m.value} value={m.value} title={m.title}>{m.label}</option>)}
          </select>
          <button type="button" className="btn btn-sm btn-outline-primary" data-testid="bond-compute-breakeven" disabled={busy} onClick={() => void run()}>
            {busy ? 'Solving…' : 'Breakeven'}
          </button>
        </div>
        {headers && cells && (
          <span className="small" data-testid="bond-breakeven-result">
            <span title={headers.firstTitle}>{headers.first}: <b data-testid="bond-breakeven-first">{cells.first}</b></span>
            {' · '}
            <span title={headers.fullTitle}>{headers.full}: <b data-testid="bond-breakeven-full">{cells.full}</b></span>
          </span>
        )}
      </div>
      {error && <div className="alert alert-danger py-1 px-2 small mt-2 mb-0" role="alert" data-testid="bond-breakeven-error">{error}</div>}
      {answer?.be?.FirstLossNote && <div className="small text-secondary mt-1">{answer.be.FirstLossNote}</div>}
      {answer && <div className="small text-secondary mt-1">{breakevenFootnote(answer.mode)}</div>}
    </section>
  );
}
