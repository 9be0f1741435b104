/**
 * The custom deal editor's form model (spec 001 §2.5, §4, §9): the save payload with every number
 * and date held as the text the user typed, the editor defaults, the payload ⇄ form conversion
 * (numbers sent with at most 8 decimals, dates YYYYMMDD), the STACR/ACIS linkage (names,
 * detachment → thickness and balance, paired rows, the date cascade) and clone names. Pure.
 */
import type { CirtDeal, FieldIssue, StacrAcisDeal } from '@opencrt/contracts';
import { validateCirtDeal, validateStacrAcisDeal } from '@opencrt/contracts';

/** The payload with numbers and dates as text (dates 'YYYY-MM-DD', as <input type="date"> holds them). */
export type Form<T> = T extends number | null ? string
  : T extends boolean ? boolean
    : T extends string ? string
      : T extends readonly (infer U)[] ? Form<U>[]
        : { [K in keyof T]: Form<T[K]> };

export type CirtForm = Form<CirtDeal>;
export type StacrAcisForm = Form<StacrAcisDeal>;

/** Keys whose values are text, not numbers. */
const TEXT_KEYS = new Set(['Type', 'Name', 'BondName', 'DealName', 'DealType', 'DependantNames']);

/** Numbers are sent with at most 8 decimals (spec 001 §9). */
export const round8 = (x: number): number => Math.round(x * 1e8) / 1e8;

/** Typed text → number (thousands separators ignored); empty or unparseable → null. */
export function parseNumber(text: string): number | null {
  const t = text.replace(/,/g, '').trim();
  if (t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const x = Number(t);
  return Number.isFinite(x) ? round8(x) : null;
}

/** 'YYYY-MM-DD' → YYYYMMDD; empty → null; anything else → 0 (reported as 'Invalid Date'). */
export function parseDate(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  return m ? Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]) : 0;
}

/** A number for an input: at most 8 decimals, no exponent, no trailing zeros; `minDecimals` pads (multipliers show 2). */
export function formatNumber(x: number | null, minDecimals = 0): string {
  if (x === null || !Number.isFinite(x)) return '';
  const fixed = round8(x).toFixed(8).replace(/0+$/, '').replace(/\.$/, '');
  const decimals = fixed.includes('.') ? (fixed.split('.')[1] as string).length : 0;
  return decimals >= minDecimals ? fixed : round8(x).toFixed(minDecimals);
}

export const ymdToInput = (ymd: number | null): string => {
  if (!ymd) return '';
  const s = String(ymd).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

/** Keys shown with 2 to 8 decimals (spec 001 §5.4: multipliers and detachment). */
const TWO_DECIMAL_KEYS = new Set(['BalanceMultiplier', 'DelinquentMultiplier', 'Detachment']);

/** Form → payload. */
export function toPayload<T>(form: Form<T>): T {
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (typeof value !== 'string' || TEXT_KEYS.has(key)) return value;
    return key.endsWith('Date') ? parseDate(value) : parseNumber(value);
  };
  return walk(form, '') as T;
}

/** Payload → form. */
export function toForm<T>(payload: T): Form<T> {
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (TEXT_KEYS.has(key) || typeof value === 'boolean') return value;
    if (value === null || typeof value === 'number') return key.endsWith('Date') ? ymdToInput(value) : formatNumber(value, TWO_DECIMAL_KEYS.has(key) ? 2 : 0);
    return value;
  };
  return walk(payload, '') as Form<T>;
}

/** Per-field issues keyed by path. */
export function issuesByPath(issues: FieldIssue[]): Record<string, string> {
  return Object.fromEntries(issues.map((i) => [i.path, i.message]));
}

/** Under a number field holding letters (issue 23 #4: not 'Field is required.', which reads as if it were empty). */
export const MUST_BE_NUMBER = 'Must be a number.';

/** Paths (the validation's `A[0].B` form) of number fields whose text is not a number. */
function unreadableNumbers(value: unknown, path = '', key = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => unreadableNumbers(v, `${path}[${i}]`, key));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => unreadableNumbers(v, path ? `${path}.${k}` : k, k));
  if (typeof value !== 'string' || TEXT_KEYS.has(key) || key.endsWith('Date')) return [];
  return value.trim() !== '' && parseNumber(value) === null ? [path] : [];
}

/** The contract's issues of a form, with 'Must be a number.' under fields holding text that is not a number. */
function withNumberIssues(form: unknown, issues: FieldIssue[]): FieldIssue[] {
  const bad = new Set(unreadableNumbers(form));
  const out = issues.map((i) => (bad.has(i.path) ? { ...i, message: MUST_BE_NUMBER } : i));
  for (const path of bad) if (!out.some((i) => i.path === path)) out.push({ path, message: MUST_BE_NUMBER });
  return out;
}

export const validateCirtForm = (f: CirtForm): FieldIssue[] => withNumberIssues(f, validateCirtDeal(toPayload<CirtDeal>(f)));
export const validateStacrAcisForm = (f: StacrAcisForm): FieldIssue[] => withNumberIssues(f, validateStacrAcisDeal(toPayload<StacrAcisDeal>(f)));

// ------------------------------------------------------------------ dates

const iso = (y: number, m: number, d: number): string => {
  const year = y + Math.floor((m - 1) / 12);
  const month = (((m - 1) % 12) + 12) % 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};
const parts = (s: string): [number, number, number] => [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))];
/** Whole months (keeping the day) added to 'YYYY-MM-DD'. */
export function addMonthsIso(s: string, months: number): string {
  const [y, m, d] = parts(s);
  return iso(y, m + months, d);
}
const isIso = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s);

// ------------------------------------------------------------------ defaults (spec 001 §9)

const CIRT_STEP_STARTS = [12, 24, 36, 48, 60, 999];
const CIRT_DLQ_MULTIPLIERS = [6.5, 4.25, 3, 3, 2, 2];

/** CIRT editor defaults; `today` is 'YYYY-MM-DD' (the caller's clock). */
export function cirtDefaults(today: string): CirtForm {
  const [y, m] = parts(today);
  const effective = iso(y, m + 1, 1);
  return toForm<CirtDeal>({
    Type: 'CIRT', Name: '', ReferencePoolBalance: 1e9, Wac: 3, Wam: 357, AnnualPremiumRatePct: 0.12, RetentionPct: 0.5,
    LimitOfLiabilityPct: 3.5, EffectiveDate: parseDate(effective), FirstPayDate: parseDate(iso(y, m + 1, 25)),
    MaturityDate: parseDate(addMonthsIso(effective, 144)), EarlyRedemptionDate: parseDate(addMonthsIso(effective, 60)),
    CancellationPct: 10, UseLiability: false,
    LiabilityStepDowns: CIRT_STEP_STARTS.map((start, i) => ({
      StartPeriod: start, EndPeriod: 1, Reassess: 0, BalanceMultiplier: i === 0 ? 1.15 : 1,
      DelinquentMultiplier: CIRT_DLQ_MULTIPLIERS[i] as number, Detachment: 0,
    })),
  });
}

/** STACR + ACIS editor defaults. */
export function stacrAcisDefaults(today: string): StacrAcisForm {
  const [y, m] = parts(today);
  const closing = iso(y, m + 1, 1);
  const form = toForm<StacrAcisDeal>({
    Type: 'STACR_ACIS', Name: 'STACR 2022-AA', DependantNames: ['ACIS 2022-AA'],
    STACR: {
      Name: 'STACR 2022-AA',
      CollateralInformation: [{ ReferencePoolBalance: 1e9, Wac: 3, Wam: 357, Wala: 0 }],
      ContractInformation: {
        ClosingDate: parseDate(closing), FirstPayDate: parseDate(iso(y, m + 1, 25)), MaturityDate: parseDate(addMonthsIso(closing, 360)),
        EarlyRedemptionDate: parseDate(addMonthsIso(iso(y, m + 1, 25), 60)), CancellationPct: 10,
      },
      Structure: { CETarget: 1, DlqTarget: 50, DlqMonthsAverage: 6, UseCumLossTest: true },
      Liability: [
        { BondName: 'A', Detachment: 100, Thickness: 0, Balance: 0, Coupon: 0, Spread: 0 },
        { BondName: 'B', Detachment: 2.5, Thickness: 0, Balance: 0, Coupon: 0, Spread: 0 },
      ],
    },
    ACIS: {
      Name: 'ACIS 2022-AA',
      Structure: { EffectiveDate: parseDate(closing), MaturityDate: parseDate(addMonthsIso(closing, 150)), MonthsToCall: 60 },
      Liability: [{ BondName: 'B', OfferedPct: 100, Balance: 0, Premium: 0, CallMultiplier: 1 }],
    },
  });
  return recomputeStack(form);
}

// ------------------------------------------------------------------ STACR / ACIS linkage (spec 001 §4)

/** The ACIS name of a STACR name: STACR replaced by ACIS. */
export const acisNameOf = (stacrName: string): string => stacrName.replace(/STACR/i, 'ACIS');

export function renameStacr(f: StacrAcisForm, name: string): StacrAcisForm {
  const acis = acisNameOf(name);
  return { ...f, Name: name, DependantNames: [acis], STACR: { ...f.STACR, Name: name }, ACIS: { ...f.ACIS, Name: acis } };
}

/**
 * Detachment → thickness and balance: the first bond is 100 thick with the whole pool; each later
 * bond takes the previous bond's thickness down to the difference of the two detachments; balance
 * = pool × thickness. ACIS balance = STACR balance × OfferedPct / 100. ACIS bond names follow the
 * STACR bonds after the first.
 */
export function recomputeStack(f: StacrAcisForm): StacrAcisForm {
  const pool = f.STACR.CollateralInformation.reduce((s, c) => s + (parseNumber(c.ReferencePoolBalance) ?? 0), 0);
  const bonds = f.STACR.Liability;
  const thickness: number[] = bonds.map(() => 0);
  bonds.forEach((b, i) => {
    const det = i === 0 ? 100 : (parseNumber(b.Detachment) ?? 0);
    thickness[i] = i === 0 ? 100 : det;
    if (i > 0) thickness[i - 1] = (i - 1 === 0 ? 100 : (parseNumber(bonds[i - 1]?.Detachment ?? '') ?? 0)) - det;
  });
  const liability = bonds.map((b, i) => ({
    ...b, Thickness: (thickness[i] as number).toFixed(4), Balance: formatNumber(Math.round(pool * (thickness[i] as number)) / 100),
  }));
  const acis = f.ACIS.Liability.map((a, i) => {
    const stacr = liability[i + 1];
    const offered = parseNumber(a.OfferedPct) ?? 0;
    return { ...a, BondName: stacr?.BondName ?? a.BondName, Balance: formatNumber(Math.round((parseNumber(stacr?.Balance ?? '') ?? 0) * offered) / 100) };
  });
  return { ...f, STACR: { ...f.STACR, Liability: liability }, ACIS: { ...f.ACIS, Liability: acis } };
}

/** Adding a bond adds a row to both tables. */
export function addBond(f: StacrAcisForm): StacrAcisForm {
  const n = f.STACR.Liability.length;
  return recomputeStack({
    ...f,
    STACR: { ...f.STACR, Liability: [...f.STACR.Liability, { BondName: `B${n}`, Detachment: '', Thickness: '', Balance: '', Coupon: '0', Spread: '0' }] },
    ACIS: { ...f.ACIS, Liability: [...f.ACIS.Liability, { BondName: `B${n}`, OfferedPct: '100', Balance: '', Premium: '0', CallMultiplier: '1' }] },
  });
}

/** Removing deletes the last row of both tables while more than one row remains in each. */
export function removeBond(f: StacrAcisForm): StacrAcisForm {
  if (f.STACR.Liability.length <= 2 || f.ACIS.Liability.length <= 1) return f;
  return recomputeStack({
    ...f,
    STACR: { ...f.STACR, Liability: f.STACR.Liability.slice(0, -1) },
    ACIS: { ...f.ACIS, Liability: f.ACIS.Liability.slice(0, -1) },
  });
}

/**
 * The date cascade after a STACR date change: first pay moves to day 25 of its month when it is
 * 0 to 3 months after closing, else to day 25 of the month after closing; early redemption not
 * after first pay becomes first pay + 1 month; maturity not after early redemption becomes early
 * redemption + 1 month.
 */
export function cascadeDates(c: StacrAcisForm['STACR']['ContractInformation']): StacrAcisForm['STACR']['ContractInformation'] {
  const out = { ...c };
  if (isIso(out.ClosingDate) && isIso(out.FirstPayDate)) {
    const [cy, cm] = parts(out.ClosingDate);
    const [fy, fm] = parts(out.FirstPayDate);
    const months = (fy - cy) * 12 + fm - cm;
    const sameDayAfter = months === 0 ? out.FirstPayDate > out.ClosingDate : true;
    out.FirstPayDate = months >= 0 && months <= 3 && sameDayAfter && !(months === 0 && parts(out.ClosingDate)[2] >= 25) ? iso(fy, fm, 25) : iso(cy, cm + 1, 25);
  }
  if (isIso(out.FirstPayDate) && isIso(out.EarlyRedemptionDate) && !(out.EarlyRedemptionDate > out.FirstPayDate)) {
    out.EarlyRedemptionDate = addMonthsIso(out.FirstPayDate, 1);
  }
  if (isIso(out.EarlyRedemptionDate) && isIso(out.MaturityDate) && !(out.MaturityDate > out.EarlyRedemptionDate)) {
    out.MaturityDate = addMonthsIso(out.EarlyRedemptionDate, 1);
  }
  return out;
}

// ------------------------------------------------------------------ clone

/** '{name}-CLONE' and a 5-digit time-based number (spec 001 §9). */
export function cloneName(name: string, nowMs: number): string {
  return `${name}-CLONE${String(Math.floor(nowMs / 1000) % 100000).padStart(5, '0')}`;
}
