/**
 * The ACIS screen's create-portfolio option (spec 001 §2.2, §3.4, §8, §9): ticking
 * 'Create portfolio from {deal}' fills one row per bond (owned face amount = original balance,
 * margin 20) and shows a name field; Create posts a Reinsurance portfolio, then opens
 * /portfolio?name=. Amounts accept thousands separators, which are stripped.
 */
import { PORTFOLIO_NAME_EMPTY, type AcisStructure, type PortfolioCreateRequest } from '@opencrt/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import type { ApiClient } from '../../api/client.ts';

/** Default portfolio bond margin (collateral %), spec 001 §9. */
export const DEFAULT_PORTFOLIO_MARGIN = 20;

interface Row { bond: string; owned: string; margin: string }

const amount = (text: string): number => Number(text.replace(/,/g, '').trim());

/** Spec 001 §5.2: a bond entry counts only with an owned face amount and a margin above 0. */
export const NO_BOND_ENTRY = 'Provide contract amount and collateral for at least one bond.';

const qualifies = (r: Row): boolean => r.owned.trim() !== '' && r.margin.trim() !== '' && amount(r.owned) > 0 && amount(r.margin) > 0;

/** The POST /portfolios/ body; only qualifying rows (amount and margin present and above 0) go in. */
export function portfolioBody(name: string, dealName: string, rows: Row[]): PortfolioCreateRequest {
  const kept = rows.filter(qualifies);
  return {
    Name: name.trim(), PortfolioType: 'Reinsurance',
    PortfolioEntries: kept.map((r, i) => ({
      OrdinalNumber: i + 1, DealName: dealName, BondName: r.bond, OwnedFaceAmt: amount(r.owned), Margin: amount(r.margin),
      AnnualPremium: 0, Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0],
    })),
  };
}

export function CreatePortfolioPanel({ api, dealName, structure }: { api: ApiClient; dealName: string; structure: AcisStructure | undefined }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function toggle(on: boolean) {
    setOpen(on);
    setError(null);
    if (on) setRows((structure?.Bonds ?? []).map((b) => ({ bond: b.AcisBondName, owned: b.OriginalBalance.toFixed(2), margin: String(DEFAULT_PORTFOLIO_MARGIN) })));
  }

  async function create() {
    if (name.trim() === '') { setError(PORTFOLIO_NAME_EMPTY); return; }
    if (!rows.some(qualifies)) { setError(NO_BOND_ENTRY); return; }
    setBusy(true);
    try {
      await api.post('/portfolios/', portfolioBody(name, dealName, rows));
      void navigate(`/portfolio?name=${encodeURIComponent(name.trim())}`);
    } catch (e) { setError(messageOf(e)); } finally { setBusy(false); }
  }

  const edit = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <section className="crt-panel mt-3" data-testid="create-portfolio">
      <div className="form-check">
        <input id="create-portfolio-check" className="form-check-input" type="checkbox" checked={open} onChange={(e) => toggle(e.target.checked)} />
        <label htmlFor="create-portfolio-check" className="form-check-label">Create portfolio from {dealName}</label>
      </div>
      {open && (
        <div className="mt-2">
          <input className="form-control form-control-sm mb-2" style={{ maxWidth: 320 }} placeholder="Portfolio name" aria-label="Portfolio name"
            data-testid="portfolio-name" value={name} onChange={(e) => setName(e.target.value)} />
          <table className="table table-sm small mb-2" style={{ maxWidth: 520 }}>
            <thead><tr><th>Bond</th><th>Owned Face Amt ($)</th><th>Margin (%)</th></tr></thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.bond}>
                  <td>{r.bond}</td>
                  <td><input className="form-control form-control-sm" aria-label={`${r.bond} owned face amount`} value={r.owned} onChange={(e) => edit(i, { owned: e.target.value })} /></td>
                  <td><input className="form-control form-control-sm" aria-label={`${r.bond} margin`} value={r.margin} onChange={(e) => edit(i, { margin: e.target.value })} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          {error && <div className="text-danger small mb-2" data-testid="portfolio-error">{error}</div>}
          <button type="button" className="btn btn-sm btn-primary" data-testid="create-portfolio-button" disabled={busy} onClick={() => void create()}>Create</button>
        </div>
      )}
    </section>
  );
}
