/**
 * Engine DealSpec (packages/engine/src/deal/deal-spec.ts) for the demo STACR/CAS deals that
 * have no offering-memorandum file here: STACR 2016-DNA1, STACR 2020-DNA3, CAS 2020-R01,
 * 2021-R01, 2021-R03, and STACR 2014-DN3 (the reference deal of ACIS 2015-2). Built from the
 * catalog file's tranche stack; rules the sources do not give (CNL bands, failing-test rule,
 * delinquency test) follow crt-domain.md §2.4 and are listed in `source.notes`.
 * `npm run data -- write-structures` writes data/deals/structures/<id>.json from this.
 */
import type { AllocationTarget, DealSpec, PaymentDateStep, ReferenceTranche, TrancheRole } from '@opencrt/engine';
import { DEAL_SPEC_SCHEMA_VERSION } from '@opencrt/engine';
import type { BondFile } from './deal-file.schema.ts';
import type { DealRecord } from './deal-record.builder.ts';
import { monthsBetween } from './deal-dates.ts';

interface LayerView {
  name: string;
  senior: boolean;
  members: BondFile[];
  /** The offered note of the layer, when it has a Note/H pair. */
  note: BondFile | null;
}

function layersOf(stack: BondFile[]): LayerView[] {
  const layers: LayerView[] = [];
  for (const b of stack) {
    let l = layers.find((x) => x.name === b.layer);
    if (!l) {
      l = { name: b.layer, senior: b.senior, members: [], note: null };
      layers.push(l);
    }
    l.members.push(b);
  }
  for (const l of layers) l.note = l.members.length === 2 ? (l.members.find((m) => m.offered) ?? null) : null;
  return layers;
}

/** Allocation entry of a layer: its note with the pair flag, or its single tranche. */
function target(l: LayerView): AllocationTarget {
  return l.note ? { tranche: l.note.name, pair: true } : { tranche: l.members[0]?.name ?? l.name, pair: false };
}

function roleOf(b: BondFile, l: LayerView, isLast: boolean): TrancheRole {
  if (b.senior) return 'senior';
  if (l.note) return b === l.note ? 'note' : 'h-twin';
  if (isLast) return 'first-loss';
  return b.offered ? 'note' : 'retained';
}

/** Identity of a built reference-tranche structure (ACIS 2015-2 builds its STACR reference deal). */
export interface ReferenceIdentity {
  id: string;
  dealName: string;
  family: 'STACR' | 'CAS' | 'ILN';
}

/** Last day of the month before an ISO date (the cut-off date of a deal closing that month). */
export function cutOffBefore(iso: string): string {
  const first = `${iso.slice(0, 7)}-01`;
  const d = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * Build the DealSpec. `stack` and `identity` default to the record's own; ACIS 2015-2 passes
 * its reference tranches and the STACR deal's identity.
 */
export function buildReferenceDealSpec(
  record: DealRecord,
  identity: ReferenceIdentity = {
    id: record.file.id, dealName: record.file.dealName, family: record.file.dealType === 'CAS' ? 'CAS' : record.file.dealType === 'ILN' ? 'ILN' : 'STACR',
  },
): DealSpec {
  const f = record.file;
  const coll = f.collateral;
  if (!coll) throw new Error(`${f.dealName}: no collateral`);
  const layers = layersOf(record.stack);
  const seniors = layers.filter((l) => l.senior);
  const subs = layers.filter((l) => !l.senior);
  const initialSubPct = (subs.reduce((s, l) => s + l.members.reduce((t, m) => t + Math.round(m.originalBalance * 100), 0), 0)
    / Math.round(coll.originalBalance * 100)) * 100;
  const mce = f.waterfall.mceThresholdPct ?? Math.round(initialSubPct * 1e5) / 1e5;
  const tranches: ReferenceTranche[] = layers.flatMap((l, li) => l.members.map((b) => {
    const role = roleOf(b, l, li === layers.length - 1);
    const pair = l.note ? (l.members.find((m) => m !== b)?.name ?? null) : null;
    return {
      name: b.name, role, offered: role === 'note', pair, originalNotional: b.originalBalance,
      attachmentPct: b.attachmentPct ?? 0, detachmentPct: b.detachmentPct ?? 100,
      marginPct: b.coupon.kind === 'floater' && role === 'note' ? b.coupon.marginPct : null,
      deemedMarginPct: null, couponFloorPct: role === 'note' ? 0 : null, cusip: b.cusip,
    };
  }));
  const down = [...subs].reverse();
  const writeDown: AllocationTarget[] = [{ tranche: 'OC', pair: false }, ...down.map(target), ...seniors.map(target)];
  const modern = identity.family === 'STACR' && f.dates.issue >= '2020-01-01';
  // MI-linked notes (ILN): subordinate principal only while the tests pass, all of it senior otherwise.
  const allToSeniorOnFailure = modern || identity.family === 'ILN';
  const firstPay = f.dates.firstPayment;
  const maturityN = monthsBetween(firstPay, f.dates.maturity) + 1;
  const offered = subs.flatMap((l) => (l.note ? l.members.map((m) => m.name) : []));
  const steps: PaymentDateStep[] = [
    { kind: 'evaluate-tests' },
    { kind: 'write-down', order: writeDown },
    { kind: 'write-up', order: writeDown.slice(1).reverse() },
    { kind: 'senior-reduction', order: [...seniors, ...subs].map(target) },
    { kind: 'subordinate-reduction', order: [...subs, ...seniors].map(target) },
  ];
  if (modern) steps.push({ kind: 'supplemental-reduction' });
  const er = f.dates.earlyRedemption;
  return {
    schemaVersion: DEAL_SPEC_SCHEMA_VERSION,
    id: identity.id,
    dealName: identity.dealName,
    fullName: fullNameOf(identity),
    family: identity.family,
    source: {
      document: f.source.reference,
      references: [`data/deals/catalog/${f.id}.json`],
      notes: [
        ...f.source.notes,
        'Structure built by apps/server/src/modules/deals/deal-structure.builder.ts from the catalog tranche stack.',
        `Not from a deal document (crt-domain.md §2.4 defaults): minimum CE ${mce} %, delinquency test 50 % / 6 payment dates, CNL bands 0.10 % rising 0.10 % every 12 payment dates, ${allToSeniorOnFailure ? 'all principal senior when a test fails' : 'senior % of scheduled plus 100 % of unscheduled principal senior when a test fails'}${modern ? ', 5.50 % supplemental reduction' : ''}.`,
        ...(identity.family === 'ILN'
          ? ['MI-linked notes: the reference pool is the mortgage-insurance coverage layer (risk in force) of the insured loans; projected losses on it are MI claims, and the notes attach to it by attachment/detachment.']
          : []),
        'One deal-level rep line (WAC/WAM/WALA); the collateral figures marked synthetic in the catalog are synthetic here too.',
      ],
    },
    dates: {
      cutOffDate: cutOffBefore(f.dates.issue), closingDate: f.dates.issue, firstPaymentDate: firstPay, paymentDayOfMonth: Number(firstPay.slice(8, 10)),
      scheduledMaturityDate: f.dates.maturity, scheduledMaturityPaymentDateNumber: maturityN, firstPaymentDateCollectionMonths: 1,
    },
    earlyRedemption: {
      timeCallPaymentDateNumber: er ? monthsBetween(firstPay, er) + 1 : null,
      timeCallDate: er,
      cleanUpPctOfCutOff: f.cleanUpCallPct ?? 10,
    },
    index: { name: f.index.name === 'LIBOR' ? 'LIBOR1M' : 'SOFR30A', valueAtIssuePct: f.index.valueAtIssuePct ?? 0, dayCount: 'act/360' },
    collateral: {
      cutOffBalance: coll.originalBalance, wacPct: coll.wacPct, wam: coll.wam, wala: coll.wala,
      repLines: [{
        id: '1', collateralGroup: 1, originalBalance: null, balance: coll.originalBalance, grossCouponPct: coll.wacPct,
        netCouponPct: coll.netWacPct, remainingTermMonths: coll.wam, originalTermMonths: coll.wam + coll.wala, ageMonths: coll.wala,
      }],
    },
    conventions: { stepOrder: 'sifma', fixedLossSharePct: null, recoveryLagMonths: 6, servicerAdvancing: false, roundFlowsToCent: false },
    tranches,
    macrClasses: [],
    waterfall: {
      kind: 'reference-tranche',
      seniorTranches: seniors.flatMap((l) => l.members.map((m) => m.name)),
      seniorResidualTranche: seniors.at(-1)?.members[0]?.name ?? 'A-H',
      tests: {
        minimumCreditEnhancement: { thresholdPct: mce },
        delinquency: { factor: 0.5, averagingPaymentDates: 6 },
        cumulativeNetLoss: { bands: Array.from({ length: 13 }, (_, i) => ({ fromPaymentDateNumber: 1 + 12 * i, maxPct: Math.round((0.1 + 0.1 * i) * 10) / 10 })) },
        classA1CumulativeNetLoss: null,
      },
      gatingTests: ['minimumCreditEnhancement', 'cumulativeNetLoss', 'delinquency'],
      failingTestRule: allToSeniorOnFailure ? 'all-to-senior' : 'senior-pct-scheduled-plus-unscheduled',
      supplementalReduction: modern
        ? { thresholdPct: 5.5, offeredTranches: offered, increaseTranche: seniors.at(-1)?.members[0]?.name ?? 'A-H', order: subs.filter((l) => l.note).map(target) }
        : null,
      steps,
      modificationLossOrder: down.flatMap((l, i) => {
        const t = target(l);
        const label = t.pair ? `${t.tranche} pair` : t.tranche;
        return i === 0 ? [`${label} principal`] : [`${label} interest`, `${label} principal`];
      }),
    },
  };
}

function fullNameOf(identity: ReferenceIdentity): string {
  if (identity.family === 'CAS') return `Fannie Mae Connecticut Avenue Securities ${identity.dealName.replace(/^CAS /, '')}`;
  if (identity.family === 'ILN') return `${identity.dealName} mortgage-insurance-linked notes`;
  return `Freddie Mac Structured Agency Credit Risk ${identity.dealName.replace(/^STACR /, '')}`;
}

/** Structures this module writes: catalog id → DealSpec identity (ACIS 2015-2 → its STACR reference deal). */
export const STRUCTURE_TARGETS: { catalogId: string; identity: ReferenceIdentity }[] = [
  { catalogId: 'stacr-2016-dna1', identity: { id: 'stacr-2016-dna1', dealName: 'STACR 2016-DNA1', family: 'STACR' } },
  { catalogId: 'stacr-2020-dna3', identity: { id: 'stacr-2020-dna3', dealName: 'STACR 2020-DNA3', family: 'STACR' } },
  { catalogId: 'cas-2020-r01', identity: { id: 'cas-2020-r01', dealName: 'CAS 2020-R01', family: 'CAS' } },
  { catalogId: 'cas-2021-r01', identity: { id: 'cas-2021-r01', dealName: 'CAS 2021-R01', family: 'CAS' } },
  { catalogId: 'cas-2021-r03', identity: { id: 'cas-2021-r03', dealName: 'CAS 2021-R03', family: 'CAS' } },
  { catalogId: 'acis-2015-2', identity: { id: 'stacr-2014-dn3', dealName: 'STACR 2014-DN3', family: 'STACR' } },
  ...[
    ['bellemeade-re-2021-1', 'Bellemeade Re 2021-1'], ['eagle-re-2023-1', 'Eagle Re 2023-1'], ['home-re-2022-1', 'Home Re 2022-1'],
    ['oaktown-re-2021-2', 'Oaktown Re 2021-2'], ['radnor-re-2023-1', 'Radnor Re 2023-1'], ['triangle-re-2023-1', 'Triangle Re 2023-1'],
  ].map(([id, dealName]) => ({ catalogId: id as string, identity: { id: id as string, dealName: dealName as string, family: 'ILN' as const } })),
];
