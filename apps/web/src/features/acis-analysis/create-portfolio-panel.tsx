/**
 * The ACIS screen's create-portfolio option (spec 001 §2.2, §3.4, §4, §8, §9): ticking
 * 'Create portfolio from {deal}' fills the defaults into the ACIS structure table's Owned Face Amt
 * and Margin columns (the parent does that in onOpen) and shows the name field; Create posts a
 * Reinsurance portfolio of the qualifying bonds, then opens /portfolio?name=.
 */
import { PORTFOLIO_NAME_EMPTY, type PortfolioCreateRequest } from '@opencrt/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import type { ApiClient } from '../../api/client.ts';
import { NO_BOND_ENTRY, qualifies, type BondEntry } from './bond-entries.ts';
import { parseAmount } from '../../components/reinsurance/reinsurance-settings.ts';

export { DEFAULT_PORTFOLIO_MARGIN, NO_BOND_ENTRY } from './bond-entries.ts';

export interface PortfolioRow extends BondEntry { bond: string }

/** The POST /portfolios/ body; only qualifying rows (amount and margin present and above 0) go in, numbered from 1. */
export function portfolioBody(name: string, dealName: string, rows: PortfolioRow[]): PortfolioCreateRequest {
  const kept = rows.filter(qualifies);
  return {
    Name: name.trim(), PortfolioType: 'Reinsurance',
    PortfolioEntries: kept.map((r, i) => ({
      OrdinalNumber: i + 1, DealName: dealName, BondName: r.bond, OwnedFaceAmt: parseAmount(r.owned) ?? 0, Margin: parseAmount(r.margin) ?? 0,
      AnnualPremium: 0, Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0],
    })),
  };
}

export function CreatePortfolioPanel({ api, dealName, rows, open, onOpen }: {
  api: ApiClient; dealName: string; rows: PortfolioRow[]; open: boolean;
  /** The tick changed; on true the parent fills the structure table's defaults. */
  onOpen(on: boolean): void;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create() {
    if (name.trim() === '') { setError(PORTFOLIO_NAME_EMPTY); return; }
    if (!rows.some(qualifies)) { setError(NO_BOND_ENTRY); return; }
    setBusy(true);
    try {
      await api.post('/portfolios/', portfolioBody(name, dealName, rows));
      void navigate(`/portfolio?name=${encodeURIComponent(name.trim())}`);
    } catch (e) { setError(messageOf(e)); } finally { setBusy(false); }
  }

  return (
    <div className="mt-2" data-testid="create-portfolio">
      <div className="form-check">
        <input id="create-portfolio-check" className="form-check-input" type="checkbox" checked={open}
          onChange={(e) => { setError(null); onOpen(e.target.checked); }} />
        <label htmlFor="create-portfolio-check" className="form-check-label">Create portfolio from {dealName}</label>
      </div>
      {open && (
        <div className="d-flex flex-wrap align-items-start gap-2 mt-2">
          <input className="form-control form-control-sm" style={{ maxWidth: 320 }} placeholder="Portfolio name" aria-label="Portfolio name"
            data-testid="portfolio-name" value={name} onChange={(e) => setName(e.target.value)} />
          <button type="button" className="btn btn-sm btn-primary" data-testid="create-portfolio-button" disabled={busy} onClick={() => void create()}>Create</button>
          {error && <div className="text-danger small w-100" data-testid="portfolio-error">{error}</div>}
        </div>
      )}
    </div>
  );
}
