/**
 * The Message of a request refused by its contract (issue 23 #4): one line per problem; a list row
 * as "Line N" (1-based), never "Entries.1.OwnedFaceAmt"; a portfolio entry's field as the portfolio
 * screen labels it, with its unit ("Line 2: Initial Limit ($) must be from 0 to 1,000,000,000,000").
 */
import { atLine, mustBeFrom, portfolioEntryFields, PORTFOLIO_TYPES, type PortfolioType } from '@opencrt/contracts';

export interface ValidationIssue { instancePath: string; message?: string | undefined }

/** Lists whose items are a screen's lines (portfolio entries, in a saved portfolio or a run). */
const LINE_LISTS = new Set(['Entries', 'PortfolioEntries']);
/** The contracts' range message (common.ts `between`). */
const BETWEEN = /^must be between (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?) and (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;

const typeAt = (value: unknown): PortfolioType | null => {
  const t = value && typeof value === 'object' ? (value as { PortfolioType?: unknown }).PortfolioType : undefined;
  return (PORTFOLIO_TYPES as readonly unknown[]).includes(t) ? (t as PortfolioType) : null;
};

/**
 * The portfolio screen's label and range of a stored entry's field (POST /portfolios/ and /portfolios/bulk
 * carry the type beside the entries); null when the type is not in the body or the field has none.
 */
function entryField(segments: readonly string[], listAt: number, body: unknown): { label: string; min: number; max: number } | null {
  if (segments[listAt] !== 'PortfolioEntries') return null;
  // The portfolio holding the list: the body itself, or one item of a bulk save.
  const owner = listAt === 0 ? body : Array.isArray(body) ? (body as unknown[])[Number(segments[listAt - 1])] : null;
  const type = typeAt(owner);
  return type ? (portfolioEntryFields(type).find((f) => f.key === segments[listAt + 2]) ?? null) : null;
}

/** One line per problem. Spec messages end with a period and name their field; others get their field. */
export function describeValidation(issues: readonly ValidationIssue[], context: string | undefined, body: unknown): string {
  const lines = issues.map((issue) => {
    const message = issue.message ?? 'is invalid';
    if (message.endsWith('.')) return message;
    const segments = issue.instancePath.split('/').filter((s) => s !== '');
    const listAt = segments.findIndex((s, i) => LINE_LISTS.has(s) && /^\d+$/.test(segments[i + 1] ?? ''));
    if (listAt < 0) return `${segments.join('.') || context || 'request'}: ${message}`;
    const rest = segments.slice(listAt + 2).filter((s) => !/^\d+$/.test(s));
    const field = entryField(segments, listAt, body);
    const label = field?.label ?? (rest.join('.') || 'entry');
    const range = BETWEEN.exec(message);
    // The screen's range where the contract's is a wider net (a collateral % up to 1,000 is a bond price's bound).
    const text = field && range ? mustBeFrom(label, field.min, field.max) : range ? mustBeFrom(label, Number(range[1]), Number(range[2])) : `${label}: ${message}`;
    return atLine(Number(segments[listAt + 1]) + 1, text);
  });
  return [...new Set(lines)].join('\n');
}
