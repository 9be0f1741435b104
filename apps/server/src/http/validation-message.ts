/**
 * The Message of a request refused by its contract (issue 23 #4): one line per problem; a list row
 * as "Line N" (1-based), never "Entries.1.OwnedFaceAmt"; a portfolio entry's field as the portfolio
 * screen labels it, with its unit ("Line 2: Initial Limit ($) must be from 0 to 1,000,000,000,000").
 */
import { atLine, mustBeFrom, portfolioEntryFields, PORTFOLIO_TYPES, type PortfolioType } from '@opencrt/contracts';
import { fieldLabelOf } from './field-labels.ts';
import { plainMessage } from './zod-messages.ts';

export interface ValidationIssue { instancePath: string; message?: string | undefined }

/** Lists whose items are a screen's lines (portfolio entries, in a saved portfolio or a run). */
const LINE_LISTS = new Set(['Entries', 'PortfolioEntries']);
/** The contracts' range message (common.ts `between`). */
const BETWEEN = /^must be (?:a whole number )?between (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?) and (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;
/** "{label} must be from {min} to {max}", saying "a whole number" when the contract asked for one. */
const rangeText = (label: string, min: number, max: number, message: string): string =>
  message.startsWith('must be a whole number') ? mustBeFrom(label, min, max).replace(' must be from ', ' must be a whole number from ') : mustBeFrom(label, min, max);

const typeAt = (value: unknown): PortfolioType | null => {
  const t = value && typeof value === 'object' ? (value as { PortfolioType?: unknown }).PortfolioType : undefined;
  return (PORTFOLIO_TYPES as readonly unknown[]).includes(t) ? (t as PortfolioType) : null;
};

/**
 * The portfolio screen's label and range of a stored entry's field (POST /portfolios/ and /portfolios/bulk
 * carry the type beside the entries); null when the type is not in the body or the field has none.
 */
function entryField(segments: readonly string[], listAt: number, body: unknown): { label: string; min: number; max: number } | null {
  // A portfolio run (POST /simulate/portfolio) sends rates as fractions, not the screen's percent:
  // only the dollar amount shares the stored entry's label and range.
  if (segments[listAt] === 'Entries' && listAt === 0 && segments[listAt + 2] === 'OwnedFaceAmt') {
    const type = typeAt(body);
    return type ? (portfolioEntryFields(type).find((f) => f.key === 'OwnedFaceAmt') ?? null) : null;
  }
  if (segments[listAt] !== 'PortfolioEntries') return null;
  // The portfolio holding the list: the body itself, or one item of a bulk save.
  const owner = listAt === 0 ? body : Array.isArray(body) ? (body as unknown[])[Number(segments[listAt - 1])] : null;
  const type = typeAt(owner);
  return type ? (portfolioEntryFields(type).find((f) => f.key === segments[listAt + 2]) ?? null) : null;
}

/**
 * A problem outside a screen's list: the field as the screen labels it with its unit and range
 * ("Settlement Date must be from 19000101 to 21001231 (YYYYMMDD)"); a field no screen shows keeps
 * its wire name ("CollateralGroup"); a list element its place ("CPR period 1", "Matrix CPR (%) value 2").
 */
function describeField(segments: readonly string[], message: string, context: string | undefined): string {
  const known = fieldLabelOf(segments);
  const wire = segments.join('.') || context || 'request';
  // An element of a known list (Cpr/3) is named by its place in the list ("CPR period 3").
  const item = known?.item && segments.length === 2 && /^\d+$/.test(segments[1] ?? '') ? known.item(Number(segments[1])) : null;
  const whole = known !== null && (segments.length === 1 || item !== null);
  const label = whole ? (item ? `${known.label} ${item}` : known.label) : wire;
  const unit = whole && known.unit ? ` ${known.unit}` : '';
  const range = BETWEEN.exec(message);
  if (range) {
    // A date's bounds read as dates (19000101), not as amounts (19,000,101).
    if (whole && known.date) return `${label} must be ${message.startsWith('must be a whole') ? 'a whole number ' : ''}from ${range[1]} to ${range[2]}${unit}`;
    const [min, max] = (whole ? known.range : undefined) ?? [Number(range[1]), Number(range[2])];
    return `${rangeText(label, min, max, message)}${unit}`;
  }
  // A contract message that already names its field by the wire name ("SettlementDate must be YYYYMMDD").
  const top = segments[0];
  if (top !== undefined && message.startsWith(`${top} `)) return withScreenLabel(segments, message);
  const text = labelled(label, message);
  return text.startsWith(`${label} must`) ? `${text}${unit}` : text;
}

/**
 * "{label} must be above 0" for zod's defaults; a spec message ("Missing required: Bond") names
 * its field itself; any other message follows its field and a colon.
 */
function labelled(label: string, message: string): string {
  const plain = plainMessage(message);
  if (plain !== message) return `${label} ${plain}`;
  return message.startsWith('Missing ') ? message : `${label}: ${message}`;
}

/** A contract message that begins with its field's wire name, with the screen's label instead. */
function withScreenLabel(segments: readonly string[], message: string): string {
  const top = segments[0];
  const known = fieldLabelOf(segments);
  return known && top !== undefined && message.startsWith(`${top} `) ? `${known.label}${message.slice(top.length)}` : message;
}

/**
 * One line per field (a union's branches and a refinement can all fail on one value: the first
 * says it). Spec messages end with a period and name their field; others get their field.
 */
export function describeValidation(issues: readonly ValidationIssue[], context: string | undefined, body: unknown): string {
  const firstPerField = new Map<string, ValidationIssue>();
  for (const issue of issues) if (!firstPerField.has(issue.instancePath)) firstPerField.set(issue.instancePath, issue);
  const lines = [...firstPerField.values()].map((issue) => {
    const message = issue.message ?? 'is invalid';
    const segments = issue.instancePath.split('/').filter((s) => s !== '');
    if (message.endsWith('.')) return withScreenLabel(segments, message);
    const listAt = segments.findIndex((s, i) => LINE_LISTS.has(s) && /^\d+$/.test(segments[i + 1] ?? ''));
    if (listAt < 0) return describeField(segments, message, context);
    const rest = segments.slice(listAt + 2).filter((s) => !/^\d+$/.test(s));
    const field = entryField(segments, listAt, body);
    const label = field?.label ?? (rest.join('.') || 'entry');
    const range = BETWEEN.exec(message);
    // The screen's range where the contract's is a wider net (a collateral % up to 1,000 is a bond price's bound).
    const text = field && range ? rangeText(label, field.min, field.max, message) : range ? rangeText(label, Number(range[1]), Number(range[2]), message) : labelled(label, message);
    return atLine(Number(segments[listAt + 1]) + 1, text);
  });
  return [...new Set(lines)].join('\n');
}
