/**
 * The STACR starting state of an ACIS run. The ACIS deal stores the STACR structure, but its
 * bond histories are the ACIS layers (named like the STACR notes: ACIS 'M-1' covers STACR
 * 'M-1H'), so the generic state of the deals module would read ACIS balances as STACR notes.
 * Here the STACR notionals are rebuilt from the ACIS layers: a covered H tranche and its note
 * twin move pro rata, so both take the layer's factor and write-down fraction; the first-loss
 * tranche takes the cumulative net loss first (losses written down from the bottom); the senior
 * residual tranche is the pool balance less every other tranche, so Σ notionals = pool UPB.
 */
import type { DealSpec, DealState } from '@opencrt/engine';
import { referenceWaterfall } from '@opencrt/engine';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

interface LayerRow { bond_name: string; acis_stacr_bond: string | null; original_balance: number }

/**
 * Rebuilds `state` (the deals module's state at `remitDate`) with STACR notionals and write-downs.
 * @param layers the ACIS deal's bonds (name, covered STACR tranche, original balance)
 */
export async function acisStacrState(db: Db, acisDealName: string, spec: DealSpec, state: DealState | null, remitDate: number | null, layers: LayerRow[]): Promise<DealState | null> {
  if (!state || remitDate === null) return state;
  const rows = await sql<{ bond_name: string; written: number; balance: number }>`
    select bond_name, sum(write_down) as written,
      sum(case when date = ${remitDate} then current_balance else 0 end) as balance
    from bond_remit_history where deal_name = ${acisDealName} and date <= ${remitDate} group by bond_name`.execute(db);
  const byLayer = new Map(rows.rows.map((r) => [r.bond_name, r]));
  const factor = new Map<string, { balance: number; written: number }>();
  for (const layer of layers) {
    const h = layer.acis_stacr_bond;
    const row = byLayer.get(layer.bond_name);
    const original = Number(layer.original_balance);
    if (!h || !row || !(original > 0)) continue;
    const f = { balance: Number(row.balance) / original, written: Number(row.written) / original };
    factor.set(h, f);
    const twin = spec.tranches.find((t) => t.name === h)?.pair;
    if (twin) factor.set(twin, f);
  }
  const cents = (x: number): number => Math.round(x * 100) / 100;
  const notionals: Record<string, number> = {};
  const writeDowns: Record<string, number> = {};
  for (const t of spec.tranches) {
    const f = factor.get(t.name);
    if (f) {
      notionals[t.name] = cents(t.originalNotional * f.balance);
      writeDowns[t.name] = cents(t.originalNotional * f.written);
    } else if (t.role === 'first-loss') {
      const w = Math.min(t.originalNotional, Math.max(0, state.cumulativeNetLoss));
      notionals[t.name] = cents(t.originalNotional - w);
      writeDowns[t.name] = cents(w);
    } else if (t.name !== referenceWaterfall(spec).seniorResidualTranche) {
      notionals[t.name] = t.originalNotional;
      writeDowns[t.name] = 0;
    }
  }
  const senior = referenceWaterfall(spec).seniorResidualTranche;
  const others = Object.entries(notionals).reduce((s, [, v]) => s + Math.round(v * 100), 0);
  notionals[senior] = (Math.round(state.poolBalance * 100) - others) / 100;
  writeDowns[senior] = 0;
  return { ...state, notionals, cumulativeWriteDowns: writeDowns };
}
