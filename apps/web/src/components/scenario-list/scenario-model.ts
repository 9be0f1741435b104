/**
 * The Saved Scenarios screen's list logic (spec 000 "Saved Scenarios", §4 scenario list states):
 * filters, sorting, formatting and the local-file bookkeeping. Pure, so it is tested without React.
 */
import { SCENARIO_VECTORS, type Scenario, type ScenarioSummary, type ScenarioVectorKey } from '@opencrt/contracts';

/** A row of the list: a server summary, or a scenario held locally (vectors known, maybe new). */
export interface ScenarioItem extends Omit<ScenarioSummary, 'Id' | 'LastModified' | 'Owner'> {
  /** Stable key in the list: `s{Id}` for stored scenarios, `n{counter}` for new ones. */
  key: string;
  Id: number | null;
  Owner: string | null;
  LastModified: string | null;
  /** Client flag: not stored yet (spec 000 §3 isNew). */
  isNew: boolean;
  /** Vectors when known (local items always, stored items once fetched). */
  vectors?: ScenarioVectors;
}

export type ScenarioVectors = Record<ScenarioVectorKey, number[]>;

/** Filter value for "no filter". */
export const ALL = '__all__';
/** Filter values for scenarios without a deal / vendor. */
export const NO_DEAL = '__no_deal__';
export const NO_VENDOR = '__no_vendor__';
export const NOT_DEAL_SPECIFIC = 'Not deal specific';
export const NOT_VENDOR_SPECIFIC = 'Not vendor specific';

export interface ScenarioFilters { scenario: string; deal: string; vendor: string }
export const NO_FILTERS: ScenarioFilters = { scenario: ALL, deal: ALL, vendor: ALL };

export type SortKey = 'ScenarioName' | 'DealName' | 'Vendor' | 'LastModified';
export interface SortState { key: SortKey; ascending: boolean }

export function fromSummary(s: ScenarioSummary): ScenarioItem {
  return { ...s, key: `s${s.Id}`, isNew: false };
}

export function fromScenario(s: Scenario): ScenarioItem {
  return { ...fromSummary(s), vectors: { Cpr: s.Cpr, Cdr: s.Cdr, LossSeverity: s.LossSeverity, Delinquency: s.Delinquency } };
}

let newCounter = 0;
/** A new local scenario (spec 000 §3: Shared false, isNew true, owned). */
export function newItem(fields: { ScenarioName: string; DealName: string | null; Vendor: string | null } & ScenarioVectors): ScenarioItem {
  newCounter += 1;
  const { ScenarioName, DealName, Vendor, ...vectors } = fields;
  return {
    key: `n${newCounter}`, Id: null, ScenarioName, DealName, Vendor, Shared: false, Owned: true, Owner: null,
    LastModified: null, isNew: true, vectors: { Cpr: vectors.Cpr, Cdr: vectors.Cdr, LossSeverity: vectors.LossSeverity, Delinquency: vectors.Delinquency },
  };
}

/** Items passing the three dropdown filters. */
export function applyFilters(items: readonly ScenarioItem[], f: ScenarioFilters): ScenarioItem[] {
  return items.filter((s) => (f.scenario === ALL || s.ScenarioName === f.scenario)
    && (f.deal === ALL || (f.deal === NO_DEAL ? !s.DealName : s.DealName?.toLowerCase() === f.deal.toLowerCase()))
    && (f.vendor === ALL || (f.vendor === NO_VENDOR ? !s.Vendor : s.Vendor === f.vendor)));
}

/** Sorted copy; blanks sort first ascending, ties keep list order. */
export function sortItems(items: readonly ScenarioItem[], sort: SortState): ScenarioItem[] {
  const dir = sort.ascending ? 1 : -1;
  return items.map((item, i) => ({ item, i })).sort((a, b) => {
    const x = a.item[sort.key] ?? '';
    const y = b.item[sort.key] ?? '';
    const c = x.localeCompare(y, 'en', { sensitivity: 'base', numeric: true });
    return c !== 0 ? c * dir : a.i - b.i;
  }).map((e) => e.item);
}

/** Clicking a header: same column toggles direction, another column sorts ascending. */
export function nextSort(current: SortState, key: SortKey): SortState {
  return current.key === key ? { key, ascending: !current.ascending } : { key, ascending: true };
}

/** Sorted distinct non-empty values of a field (dropdown options). */
export function distinctValues(items: readonly ScenarioItem[], field: 'ScenarioName' | 'DealName' | 'Vendor'): string[] {
  const set = new Set<string>();
  for (const s of items) { const v = s[field]; if (v) set.add(v); }
  return [...set].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** Percent to 2 decimals, as the detail table shows values (spec 000 §9). */
export function formatPct(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '' : value.toFixed(2);
}

/** ISO timestamp → MM/DD/YYYY (spec 000 §9 date format). */
export function formatDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

/** Rows of the detail table: one per period up to the longest vector. */
export function periodCount(v: ScenarioVectors): number {
  return Math.max(0, ...SCENARIO_VECTORS.map((k) => v[k].length));
}

/** A cell's text → number; blank or unparsable → NaN (the save check reports it). */
export function parseCell(text: string): number {
  const t = text.trim();
  return t === '' ? Number.NaN : Number(t);
}

/** Drops trailing blank cells (NaN) so a vector can be shortened by clearing its last cells. */
export function trimVector(values: readonly number[]): number[] {
  let end = values.length;
  while (end > 0 && Number.isNaN(values[end - 1]!)) end--;
  return values.slice(0, end);
}

/** Deep equality of two vector sets (modified-state tracking). */
export function sameVectors(a: ScenarioVectors, b: ScenarioVectors): boolean {
  return SCENARIO_VECTORS.every((k) => a[k].length === b[k].length && a[k].every((v, i) => Object.is(v, b[k][i])));
}

/** Deal names the picker limits its deal filter to (a string or a list; the first is preset). */
export function pickerDeals(dealName: string | readonly string[] | undefined): string[] {
  if (dealName === undefined) return [];
  return (typeof dealName === 'string' ? [dealName] : [...dealName]).filter((d) => d.trim() !== '');
}
