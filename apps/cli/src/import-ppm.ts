/**
 * Converts the STACR offering-memorandum source files (data/sources/stacr/*.json) into
 * DealSpec JSON (data/deals/structures/*.json). Every figure is copied, never recomputed,
 * except the rep-line summary (WAC/WAM/WALA, balance-weighted) which is labelled as derived.
 *
 * Usage: `npm run -s crt -- import-ppm [SOURCE.json OUT.json]...`; with no arguments it
 * converts both shipped STACR 2026 deals.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEAL_SPEC_SCHEMA_VERSION, validateDeal } from '@opencrt/engine';
import type { AllocationTarget, DealSpec, MacrClass, ReferenceTranche, TrancheRole } from '@opencrt/engine';

/* Shapes of the source file (only the fields used). */
interface SrcOrderEntry { tranche: string; pair: boolean; cap?: string; condition?: string }
interface SrcTranche {
  name: string; role: string; offered: boolean; pair: string | null; initial_notional: number;
  attachment_pct: number; detachment_pct: number; margin_pct: number | null;
  deemed_margin_pct: number | null; coupon_floor_pct: number | null;
}
interface SrcNote { class: string; original_balance: number; balance_kind: string; initial_coupon_pct: number; margin_pct: number | null }
interface PpmSource {
  id: string; deal_name: string; full_name: string; type: string;
  source: { document: string; repository: string; commit: string; ppm_pages: Record<string, string> };
  dates: {
    cut_off_date: string; closing_date: string; first_payment_date: string; payment_day_of_month: number;
    scheduled_maturity_date: string; scheduled_maturity_payment_date_number: number;
    early_redemption: { time_based_payment_date: string; time_based_payment_date_number: number; clean_up_pct_of_cut_off_balance: number };
    first_reporting_period: { month_ends_in_ppm_tables: string[] };
  };
  pool: {
    cut_off_balance: number;
    rep_lines: { line: number; original_balance: number; cut_off_balance: number; mortgage_rate_pct: number; remaining_term_months: number; original_term_months: number; age_months: number }[];
  };
  index: { name: string; value_at_issue_pct: number };
  reference_tranches: SrcTranche[];
  notes: SrcNote[];
  macr_notes: SrcNote[];
  percentages: { senior_pct_numerator: string[]; offered_reference_tranche_pct_numerator: string[] };
  thresholds: {
    minimum_credit_enhancement_test: { threshold_pct: number };
    cumulative_net_loss_test: { bands: { from_payment_date: number; max_pct: number }[] };
    delinquency_test: { averaging_payment_dates: number; factor: number };
    supplemental_reduction: { offered_reference_tranche_pct_threshold: number };
    class_a1_cumulative_net_loss_test: { max_pct: number } | null;
    class_a1_additional_reduction: { from_payment_date_number: number } | null;
  };
  allocation: {
    orders: {
      senior_reduction: SrcOrderEntry[]; subordinate_reduction: SrcOrderEntry[]; supplemental_reduction: SrcOrderEntry[];
      write_down: SrcOrderEntry[]; write_up: SrcOrderEntry[]; modification_loss: string[];
    };
  };
  class_a1_reduction_schedule: { rows: { payment_date_number: number; aggregate: number }[] } | null;
  modeling_conventions: { credit_events: string[] };
}

const ROLE: Record<string, TrancheRole> = {
  senior: 'senior', note_tranche: 'note', retained_h_twin: 'h-twin', retained: 'retained', first_loss: 'first-loss',
};

/** Catalog name: 'STACR REMIC 2026-DNA1' → 'STACR 2026-DNA1' (the request's DealName). */
function catalogName(src: PpmSource): string {
  return src.deal_name.replace(/^STACR REMIC /, 'STACR ');
}

function round(x: number, dp: number): number {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
}

function convertOrder(src: PpmSource, entries: SrcOrderEntry[], which: 'senior' | 'supplemental' | 'other'): AllocationTarget[] {
  return entries.map((e): AllocationTarget => {
    const base = { tranche: e.tranche, pair: e.pair };
    if (!e.cap) return base;
    const a1Test = src.thresholds.class_a1_cumulative_net_loss_test ? ('classA1CumulativeNetLoss' as const) : null;
    if (which === 'senior' && e.cap === 'Class A-1 Reduction Amount') {
      const rows = src.class_a1_reduction_schedule?.rows ?? [];
      const amounts = rows.map((r, i) => {
        if (r.payment_date_number !== i + 1) throw new Error(`schedule row ${i} out of order`);
        return r.aggregate;
      });
      return { ...base, cap: { kind: 'reduction-schedule', amounts, requiresTest: a1Test } };
    }
    if (which === 'supplemental' && e.cap === 'Class A-1 Additional Reduction Amount') {
      const from = src.thresholds.class_a1_additional_reduction?.from_payment_date_number;
      if (from === undefined) throw new Error('A-1 additional reduction cap without a start payment date');
      return { ...base, cap: { kind: 'remaining-notional-from', fromPaymentDateNumber: from, requiresTest: a1Test } };
    }
    throw new Error(`unknown cap "${e.cap}" on ${e.tranche}`);
  });
}

function convertTranche(t: SrcTranche): ReferenceTranche {
  const role = ROLE[t.role];
  if (!role) throw new Error(`unknown tranche role ${t.role}`);
  return {
    name: t.name, role, offered: t.offered, pair: t.pair, originalNotional: t.initial_notional,
    attachmentPct: t.attachment_pct, detachmentPct: t.detachment_pct, marginPct: t.margin_pct,
    deemedMarginPct: t.deemed_margin_pct, couponFloorPct: t.coupon_floor_pct, cusip: null,
  };
}

/** MACR components: M-2 style classes combine M-2A and M-2B; M-2AR etc. take one note. */
function convertMacr(src: PpmSource, m: SrcNote): MacrClass {
  const noteNames = src.notes.map((n) => n.class);
  // 'M-2RB' style classes are exchanged from one note ('M-2B'): drop the exchange letter.
  const swapped = m.class.match(/^(.*)[RSTU]([AB])$/);
  const stem = swapped ? `${swapped[1] ?? ''}${swapped[2] ?? ''}` : m.class.replace(/[RSTUI]$/, '');
  const parts = noteNames.includes(stem) ? [stem] : noteNames.filter((n) => n.startsWith(stem) && n.length === stem.length + 1);
  if (parts.length === 0) throw new Error(`cannot resolve MACR components of ${m.class}`);
  const io = m.balance_kind.startsWith('notional');
  return {
    name: m.class, components: parts.map((note) => ({ note, share: 1 })),
    kind: io ? 'interest-only' : 'principal', marginPct: io ? null : m.margin_pct,
    fixedCouponPct: io || m.margin_pct === null ? m.initial_coupon_pct : null, originalBalance: m.original_balance,
  };
}

/** Builds the DealSpec of one STACR source file. */
export function convertPpmSource(src: PpmSource): DealSpec {
  const lines = src.pool.rep_lines;
  const total = lines.reduce((s, l) => s + l.cut_off_balance, 0);
  const wavg = (f: (l: (typeof lines)[number]) => number): number => lines.reduce((s, l) => s + f(l) * l.cut_off_balance, 0) / total;
  const lossShare = src.modeling_conventions.credit_events.join(' ').match(/(\d+(?:\.\d+)?) % of the Credit Event Amount/);
  if (!lossShare?.[1]) throw new Error('loss share not found in modeling conventions');
  const orders = src.allocation.orders;
  const a1 = src.thresholds.class_a1_cumulative_net_loss_test;
  return {
    schemaVersion: DEAL_SPEC_SCHEMA_VERSION,
    id: src.id,
    dealName: catalogName(src),
    fullName: src.full_name,
    family: 'STACR',
    source: {
      document: src.source.document,
      references: Object.entries(src.source.ppm_pages).map(([k, v]) => `${k}: ${v}`),
      notes: [
        `Converted by apps/cli/src/import-ppm.ts from data/sources/stacr/${src.id}.json (transcription: ${src.source.repository}@${src.source.commit.slice(0, 8)}).`,
        'collateral.wacPct/wam/wala are balance-weighted averages of the rep lines (derived).',
      ],
    },
    dates: {
      cutOffDate: src.dates.cut_off_date, closingDate: src.dates.closing_date,
      firstPaymentDate: src.dates.first_payment_date, paymentDayOfMonth: src.dates.payment_day_of_month,
      scheduledMaturityDate: src.dates.scheduled_maturity_date,
      scheduledMaturityPaymentDateNumber: src.dates.scheduled_maturity_payment_date_number,
      firstPaymentDateCollectionMonths: src.dates.first_reporting_period.month_ends_in_ppm_tables.length,
    },
    earlyRedemption: {
      timeCallPaymentDateNumber: src.dates.early_redemption.time_based_payment_date_number,
      timeCallDate: src.dates.early_redemption.time_based_payment_date,
      cleanUpPctOfCutOff: src.dates.early_redemption.clean_up_pct_of_cut_off_balance,
    },
    index: { name: 'SOFR30A', valueAtIssuePct: src.index.value_at_issue_pct, dayCount: 'act/360' },
    collateral: {
      cutOffBalance: src.pool.cut_off_balance,
      wacPct: round(wavg((l) => l.mortgage_rate_pct), 3),
      wam: Math.round(wavg((l) => l.remaining_term_months)),
      wala: Math.round(wavg((l) => l.age_months)),
      repLines: lines.map((l) => ({
        id: String(l.line), collateralGroup: 1, originalBalance: l.original_balance, balance: l.cut_off_balance,
        grossCouponPct: l.mortgage_rate_pct, netCouponPct: null, remainingTermMonths: l.remaining_term_months,
        originalTermMonths: l.original_term_months, ageMonths: l.age_months,
      })),
    },
    conventions: {
      stepOrder: 'stacr-ppm', fixedLossSharePct: Number(lossShare[1]), recoveryLagMonths: 0,
      servicerAdvancing: false, roundFlowsToCent: true,
    },
    tranches: src.reference_tranches.map(convertTranche),
    macrClasses: src.macr_notes.map((m) => convertMacr(src, m)),
    waterfall: {
      kind: 'reference-tranche',
      seniorTranches: src.percentages.senior_pct_numerator,
      seniorResidualTranche: 'A-H',
      tests: {
        minimumCreditEnhancement: { thresholdPct: src.thresholds.minimum_credit_enhancement_test.threshold_pct },
        delinquency: {
          factor: src.thresholds.delinquency_test.factor,
          averagingPaymentDates: src.thresholds.delinquency_test.averaging_payment_dates,
        },
        cumulativeNetLoss: {
          bands: src.thresholds.cumulative_net_loss_test.bands.map((b) => ({ fromPaymentDateNumber: b.from_payment_date, maxPct: b.max_pct })),
        },
        classA1CumulativeNetLoss: a1 ? { maxPct: a1.max_pct } : null,
      },
      gatingTests: ['minimumCreditEnhancement', 'cumulativeNetLoss', 'delinquency'],
      failingTestRule: 'all-to-senior',
      supplementalReduction: {
        thresholdPct: src.thresholds.supplemental_reduction.offered_reference_tranche_pct_threshold,
        offeredTranches: src.percentages.offered_reference_tranche_pct_numerator,
        increaseTranche: 'A-H',
        order: convertOrder(src, orders.supplemental_reduction, 'supplemental'),
      },
      steps: [
        { kind: 'evaluate-tests' },
        { kind: 'write-down', order: convertOrder(src, orders.write_down, 'other') },
        { kind: 'write-up', order: convertOrder(src, orders.write_up, 'other') },
        { kind: 'senior-reduction', order: convertOrder(src, orders.senior_reduction, 'senior') },
        { kind: 'subordinate-reduction', order: convertOrder(src, orders.subordinate_reduction, 'other') },
        { kind: 'supplemental-reduction' },
      ],
      modificationLossOrder: orders.modification_loss,
    },
  };
}

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');

/** Converts each (source, out) pair; throws when the result does not validate. */
export function importPpmFiles(pairs: [string, string][]): void {
  for (const [from, to] of pairs) {
    const spec = convertPpmSource(JSON.parse(readFileSync(from, 'utf8')) as PpmSource);
    const issues = validateDeal(spec);
    if (issues.length > 0) throw new Error(`${from}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    writeFileSync(to, `${JSON.stringify(spec, null, 1)}\n`);
  }
}

/** The shipped sources and their DealSpec outputs. */
export function defaultPpmPairs(): [string, string][] {
  return ['stacr-2026-dna1', 'stacr-2026-dna2'].map((id) => [
    join(repo, 'data', 'sources', 'stacr', `${id}.json`), join(repo, 'data', 'deals', 'structures', `${id}.json`),
  ]);
}
