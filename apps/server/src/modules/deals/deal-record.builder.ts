/**
 * Turns a catalog file (data/deals/catalog/<id>.json) into a DealRecord: the catalog deal
 * with every bond and rep line. STACR 2026 deals take their classes and rep lines straight
 * from the offering-memorandum file under data/sources/stacr (never copied or rounded), and
 * their MACR combinations from the engine's DealSpec.
 */
import type { BondFile, DealFile } from './deal-file.schema.ts';
import { cusipCheckDigit } from './cusip.ts';
import { DealStructureSchema } from './deal-structure.schema.ts';

/** One rep line in the record. */
export interface RepLineRecord {
  group: number;
  balance: number;
  wacPct: number;
  netWacPct: number | null;
  wam: number;
  wala: number;
}

/** A catalog deal ready for history generation and the database. */
export interface DealRecord {
  file: DealFile;
  /** Catalog bonds (incl. MACR and ACIS layers). */
  bonds: BondFile[];
  /** Tranches whose balances add up to the pool (the history stack). */
  stack: BondFile[];
  repLines: RepLineRecord[];
  /** The engine's DealSpec document, if the deal has one. */
  structure: unknown;
  /** Senior-reduction caps per tranche (cents per payment date), from the DealSpec. */
  seniorCaps: Record<string, number[]>;
}

/** Minimal view of the STACR offering-memorandum JSON (data/sources/stacr/README.md). */
interface StacrSource {
  pool: {
    cut_off_balance: number;
    rep_lines: { cut_off_balance: number; mortgage_rate_pct: number; remaining_term_months: number; age_months: number }[];
  };
  percentages: { senior_pct_numerator: string[] };
  reference_tranches: {
    name: string; role: string; offered: boolean; pair: string | null; initial_notional: number;
    attachment_pct: number; detachment_pct: number; margin_pct: number | null;
  }[];
  macr_notes: {
    class: string; original_balance: number; balance_kind: string; initial_coupon_pct: number; margin_pct: number | null;
  }[];
}

/** Minimal view of the engine DealSpec parts used here (the full type lives in @opencrt/engine). */
interface StructureView {
  macrClasses?: { name: string; components: { note: string; share: number }[] }[];
  waterfall?: { steps?: { kind: string; order?: { tranche: string; cap?: { kind: string; amounts?: number[] } }[] }[] };
}

const CUSIP_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const FAMILY_CODE: Record<string, string> = {
  ACIS: 'AC', CIRT: 'CI', STACR: 'ST', CAS: 'CA', ILN: 'IL', RMBS: 'RM', ABS: 'AB', Agency: 'AG',
};

/** Synthetic CUSIP with a valid check digit: 9 + family code + deal id + bond index. */
export function syntheticCusip(dealType: string, dealId: number, index: number): string {
  const base = `9${FAMILY_CODE[dealType] ?? 'XX'}${String(dealId).padStart(3, '0')}${CUSIP_LETTERS[Math.floor(index / 9)] ?? 'Z'}${(index % 9) + 1}`;
  return base + (cusipCheckDigit(base) ?? '0');
}

function bondTypeOf(role: string, name: string): string {
  switch (role) {
    case 'senior': return 'Senior';
    case 'retained_h_twin':
    case 'retained': return 'Retained';
    case 'first_loss': return 'First loss';
    default: return name.startsWith('B') ? 'Subordinate' : name.startsWith('A') ? 'Senior' : 'Mezzanine';
  }
}

/** Bonds of a STACR offering-memorandum file: reference tranches, then MACR classes. */
export function bondsFromStacrSource(file: DealFile, src: StacrSource, structure: StructureView | null): BondFile[] {
  const seniors = new Set(src.percentages.senior_pct_numerator);
  const tranches: BondFile[] = src.reference_tranches.map((t) => ({
    name: t.name,
    cusip: null,
    originalBalance: t.initial_notional,
    coupon: t.margin_pct === null ? { kind: 'none' as const } : { kind: 'floater' as const, index: 'SOFR' as const, marginPct: t.margin_pct },
    bondType: bondTypeOf(t.role, t.name),
    // A Note and its H twin share one layer, keyed by the Note's name.
    layer: t.role === 'retained_h_twin' && t.pair ? t.pair : t.name,
    senior: seniors.has(t.name),
    attachmentPct: t.attachment_pct,
    detachmentPct: t.detachment_pct,
    collateralGroups: [1],
    offered: t.offered,
    macr: null,
    acis: null,
  }));
  const components = new Map((structure?.macrClasses ?? []).map((m) => [m.name, m.components]));
  const macr: BondFile[] = src.macr_notes.map((m) => ({
    name: m.class,
    cusip: null,
    originalBalance: m.original_balance,
    coupon: m.margin_pct !== null
      ? { kind: 'floater' as const, index: 'SOFR' as const, marginPct: m.margin_pct }
      : { kind: 'fixed' as const, ratePct: m.initial_coupon_pct },
    bondType: m.balance_kind.startsWith('notional') ? 'MACR interest only' : 'MACR',
    layer: m.class,
    senior: false,
    attachmentPct: null,
    detachmentPct: null,
    collateralGroups: [1],
    offered: true,
    macr: {
      kind: m.balance_kind.startsWith('notional') ? 'interest-only' as const : 'principal' as const,
      components: (components.get(m.class) ?? []).map((c) => ({ bond: c.note, share: c.share })),
    },
    acis: null,
  }));
  return [...tranches, ...macr].map((b, i) => ({ ...b, cusip: syntheticCusip(file.dealType, file.dealId, i) }));
}

function seniorCapsOf(structure: StructureView | null): Record<string, number[]> {
  const caps: Record<string, number[]> = {};
  const step = structure?.waterfall?.steps?.find((s) => s.kind === 'senior-reduction');
  for (const entry of step?.order ?? []) {
    if (entry.cap?.kind === 'reduction-schedule' && entry.cap.amounts && !caps[entry.tranche]) {
      caps[entry.tranche] = entry.cap.amounts.map((a) => Math.round(a * 100));
    }
  }
  return caps;
}

/**
 * Build the record. `readJson` resolves a path relative to data/ (sourceFile) or data/deals/
 * (structureFile); the caller owns the file system.
 */
export function buildDealRecord(file: DealFile, readJson: (relativeToData: string) => unknown): DealRecord {
  let structure: unknown = null;
  if (file.structureFile) {
    const parsed = DealStructureSchema.safeParse(readJson(`deals/${file.structureFile}`));
    if (!parsed.success) {
      throw new Error(`data/deals/${file.structureFile}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    structure = parsed.data;
  }
  const view = structure as StructureView | null;
  if (file.sourceFile) {
    const src = readJson(file.sourceFile) as StacrSource;
    const bonds = bondsFromStacrSource(file, src, view);
    const repLines = src.pool.rep_lines.map((r) => ({
      group: 1, balance: r.cut_off_balance, wacPct: r.mortgage_rate_pct, netWacPct: null,
      wam: r.remaining_term_months, wala: r.age_months,
    }));
    const cents = repLines.reduce((s, r) => s + Math.round(r.balance * 100), 0);
    const w = (f: (r: RepLineRecord) => number): number => repLines.reduce((s, r) => s + f(r) * r.balance, 0) / (cents / 100);
    const collateral = {
      originalBalance: src.pool.cut_off_balance,
      loanCount: Math.round(src.pool.cut_off_balance / (file.loanTape?.avgLoanSize ?? 330000)),
      wacPct: Math.round(w((r) => r.wacPct) * 1000) / 1000,
      netWacPct: null,
      wam: Math.round(w((r) => r.wam)),
      wala: Math.round(w((r) => r.wala)),
      replines: null,
      pools: null,
    };
    return {
      file: { ...file, collateral },
      bonds,
      stack: bonds.filter((b) => !b.macr),
      repLines,
      structure,
      seniorCaps: seniorCapsOf(view),
    };
  }
  if (!file.collateral || !file.bonds) throw new Error(`${file.dealName}: collateral and bonds are required without a sourceFile`);
  const repLines: RepLineRecord[] = file.collateral.replines ?? (file.collateral.pools ?? []).map((p) => ({
    group: p.group, balance: p.balance, wacPct: file.collateral?.wacPct ?? 0, netWacPct: file.collateral?.netWacPct ?? null,
    wam: file.collateral?.wam ?? 0, wala: file.collateral?.wala ?? 0,
  }));
  return {
    file,
    bonds: file.bonds,
    stack: file.referenceTranches ?? file.bonds.filter((b) => !b.macr && !b.acis),
    repLines,
    structure,
    seniorCaps: seniorCapsOf(view),
  };
}
