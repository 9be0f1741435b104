import { DEAL_SPEC_SCHEMA_VERSION } from './deal-spec.ts';
import type { AllocationTarget, CashFlowWaterfall, DealSpec, PaymentDateStep, ReferenceTrancheWaterfall } from './deal-spec.ts';

/** One validation problem: where (JSON path) and what. */
export interface ValidationIssue {
  path: string;
  message: string;
}

const FAMILIES = new Set(['STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency', 'ACIS', 'CIRT']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const toCents = (dollars: number): number => Math.round(dollars * 100);
// A JSON number is cent-exact when it is the double nearest to its own 2-decimal rendering.
const isCentExact = (x: number): boolean => Number.isFinite(x) && Number(x.toFixed(2)) === x;

function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/**
 * Checks a DealSpec for structural and arithmetic consistency: dates, rep lines summing to
 * the cut-off balance, tranche notionals summing to it, pairs, and every tranche named in an
 * allocation list existing. Returns an empty list when the spec is usable.
 */
export function validateDeal(spec: DealSpec): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (path: string, message: string): void => {
    issues.push({ path, message });
  };
  if (spec.schemaVersion !== DEAL_SPEC_SCHEMA_VERSION) add('schemaVersion', `unsupported schema version ${String(spec.schemaVersion)}`);
  if (!spec.id || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(spec.id)) add('id', 'id must be kebab-case');
  if (!spec.dealName) add('dealName', 'deal name is required');
  if (!FAMILIES.has(spec.family)) add('family', `unknown family ${String(spec.family)}`);

  const d = spec.dates;
  for (const key of ['cutOffDate', 'closingDate', 'firstPaymentDate', 'scheduledMaturityDate'] as const) {
    if (!isIsoDate(d[key])) add(`dates.${key}`, 'must be an ISO date YYYY-MM-DD');
  }
  if (isIsoDate(d.closingDate) && isIsoDate(d.firstPaymentDate) && isIsoDate(d.scheduledMaturityDate)) {
    if (!(d.closingDate < d.firstPaymentDate && d.firstPaymentDate < d.scheduledMaturityDate)) {
      add('dates', 'Closing < First Payment < Maturity');
    }
  }
  if (!(d.paymentDayOfMonth >= 1 && d.paymentDayOfMonth <= 28)) add('dates.paymentDayOfMonth', 'must be 1..28');
  if (!(d.scheduledMaturityPaymentDateNumber >= 1)) add('dates.scheduledMaturityPaymentDateNumber', 'must be >= 1');
  if (!(d.firstPaymentDateCollectionMonths >= 1)) add('dates.firstPaymentDateCollectionMonths', 'must be >= 1');

  const er = spec.earlyRedemption;
  if (!(er.cleanUpPctOfCutOff >= 0 && er.cleanUpPctOfCutOff < 25)) add('earlyRedemption.cleanUpPctOfCutOff', '0 <= CancellationPct < 25');
  if (er.timeCallPaymentDateNumber !== null && !(er.timeCallPaymentDateNumber >= 1 && er.timeCallPaymentDateNumber <= d.scheduledMaturityPaymentDateNumber)) {
    add('earlyRedemption.timeCallPaymentDateNumber', 'First Payment < Early Redemption <  Maturity');
  }

  validateCollateral(spec, add);
  const names = validateTranches(spec, add);
  if (spec.waterfall.kind === 'reference-tranche') validateReferenceWaterfall(spec.waterfall, names, add);
  else validateCashFlowWaterfall(spec.waterfall, names, new Set(spec.collateral.repLines.map((l) => l.collateralGroup)), add);
  return issues;
}

type Add = (path: string, message: string) => void;

function validateCollateral(spec: DealSpec, add: Add): void {
  const c = spec.collateral;
  if (!(c.cutOffBalance > 1 && c.cutOffBalance < 1e12)) add('collateral.cutOffBalance', '0 < Balance < 1e12');
  if (!isCentExact(c.cutOffBalance)) add('collateral.cutOffBalance', 'must be exact to the cent');
  if (c.repLines.length === 0) add('collateral.repLines', 'at least one rep line is required');
  let sumCents = 0;
  c.repLines.forEach((line, i) => {
    const p = `collateral.repLines[${i}]`;
    if (!(line.balance >= 0) || !isCentExact(line.balance)) add(`${p}.balance`, 'must be >= 0 and exact to the cent');
    if (!(line.grossCouponPct > 0 && line.grossCouponPct < 25)) add(`${p}.grossCouponPct`, '0 < Wac < 25');
    if (line.netCouponPct !== null && !(line.netCouponPct >= 0 && line.netCouponPct <= line.grossCouponPct)) {
      add(`${p}.netCouponPct`, 'must be between 0 and the gross coupon');
    }
    if (!(Number.isInteger(line.remainingTermMonths) && line.remainingTermMonths > 0 && line.remainingTermMonths <= 480)) {
      add(`${p}.remainingTermMonths`, '0 < Wam <= 480');
    }
    if (!(Number.isInteger(line.ageMonths) && line.ageMonths >= 0)) add(`${p}.ageMonths`, 'must be a whole number >= 0');
    if (line.originalTermMonths < line.remainingTermMonths) add(`${p}.originalTermMonths`, 'must be >= remaining term');
    if (!(Number.isInteger(line.collateralGroup) && line.collateralGroup >= 1)) add(`${p}.collateralGroup`, 'must be a whole number >= 1');
    sumCents += toCents(line.balance);
  });
  if (c.repLines.length > 0 && sumCents !== toCents(c.cutOffBalance)) {
    add('collateral.repLines', `rep-line balances sum to ${(sumCents / 100).toFixed(2)}, not the cut-off balance`);
  }
  const conv = spec.conventions;
  if (conv.stepOrder === 'stacr-ppm' && (conv.fixedLossSharePct === null || !(conv.fixedLossSharePct >= 0 && conv.fixedLossSharePct <= 100))) {
    add('conventions.fixedLossSharePct', 'stacr-ppm convention needs a loss share between 0 and 100');
  }
  if (!(Number.isInteger(conv.recoveryLagMonths) && conv.recoveryLagMonths >= 0)) add('conventions.recoveryLagMonths', 'must be a whole number >= 0');
}

function validateTranches(spec: DealSpec, add: Add): Set<string> {
  const names = new Set<string>();
  let sumCents = 0;
  spec.tranches.forEach((t, i) => {
    const p = `tranches[${i}]`;
    if (names.has(t.name)) add(`${p}.name`, `duplicate tranche ${t.name}`);
    names.add(t.name);
    if (!(t.originalNotional >= 0) || !isCentExact(t.originalNotional)) add(`${p}.originalNotional`, 'must be >= 0 and exact to the cent');
    if (!(t.attachmentPct >= 0 && t.attachmentPct < t.detachmentPct && t.detachmentPct <= 100)) {
      add(`${p}`, '0 <= attachment < detachment <= 100');
    }
    if (t.marginPct !== null && !(t.marginPct >= 0 && t.marginPct < 25)) add(`${p}.marginPct`, 'Coupon and Spread 0 <= x < 25');
    sumCents += toCents(t.originalNotional);
  });
  // Cash-flow deals may start overcollateralized: classes + initial OC = cut-off balance.
  const oc = spec.waterfall.kind === 'cash-flow' ? toCents(spec.waterfall.overcollateralization?.initial ?? 0) : 0;
  if (spec.tranches.length > 0 && sumCents + oc !== toCents(spec.collateral.cutOffBalance)) {
    const what = oc > 0 ? 'tranche notionals plus initial OC sum' : 'tranche notionals sum';
    add('tranches', `${what} to ${((sumCents + oc) / 100).toFixed(2)}, not the cut-off balance`);
  }
  spec.tranches.forEach((t, i) => {
    if (t.pair === null) return;
    const twin = spec.tranches.find((x) => x.name === t.pair);
    if (!twin) add(`tranches[${i}].pair`, `unknown pair ${t.pair}`);
    else if (twin.pair !== t.name) add(`tranches[${i}].pair`, `pair ${t.pair} does not point back`);
  });
  spec.macrClasses.forEach((m, i) => {
    m.components.forEach((c, j) => {
      if (!names.has(c.note)) add(`macrClasses[${i}].components[${j}].note`, `unknown note ${c.note}`);
    });
  });
  return names;
}

function validateReferenceWaterfall(w: ReferenceTrancheWaterfall, names: Set<string>, add: Add): void {
  const checkName = (path: string, name: string): void => {
    if (!names.has(name)) add(path, `unknown tranche ${name}`);
  };
  w.seniorTranches.forEach((n, i) => checkName(`waterfall.seniorTranches[${i}]`, n));
  checkName('waterfall.seniorResidualTranche', w.seniorResidualTranche);
  const checkOrder = (path: string, order: AllocationTarget[]): void => {
    order.forEach((e, i) => {
      if (e.tranche !== 'OC') checkName(`${path}[${i}].tranche`, e.tranche);
    });
  };
  const kinds = new Set<PaymentDateStep['kind']>();
  w.steps.forEach((s, i) => {
    kinds.add(s.kind);
    if ('order' in s) checkOrder(`waterfall.steps[${i}].order`, s.order);
  });
  for (const k of ['evaluate-tests', 'senior-reduction', 'subordinate-reduction', 'write-down'] as const) {
    if (!kinds.has(k)) add('waterfall.steps', `missing step ${k}`);
  }
  if (w.supplementalReduction) {
    w.supplementalReduction.offeredTranches.forEach((n, i) => checkName(`waterfall.supplementalReduction.offeredTranches[${i}]`, n));
    checkName('waterfall.supplementalReduction.increaseTranche', w.supplementalReduction.increaseTranche);
    checkOrder('waterfall.supplementalReduction.order', w.supplementalReduction.order);
  }
  const mce = w.tests.minimumCreditEnhancement;
  if (mce && !(mce.thresholdPct > 0 && mce.thresholdPct < 25)) add('waterfall.tests.minimumCreditEnhancement.thresholdPct', '0 < CETarget < 25');
  const dlq = w.tests.delinquency;
  if (dlq && !(dlq.averagingPaymentDates > 0 && dlq.averagingPaymentDates < 12)) {
    add('waterfall.tests.delinquency.averagingPaymentDates', '0 < DlqMonthsAverage < 12');
  }
  const bands = w.tests.cumulativeNetLoss?.bands ?? [];
  bands.forEach((b, i) => {
    if (i === 0 && b.fromPaymentDateNumber !== 1) add('waterfall.tests.cumulativeNetLoss.bands[0]', 'first band must start at payment date 1');
    const prev = bands[i - 1];
    if (prev && b.fromPaymentDateNumber <= prev.fromPaymentDateNumber) add(`waterfall.tests.cumulativeNetLoss.bands[${i}]`, 'bands must be increasing');
  });
  w.gatingTests.forEach((t, i) => {
    if (w.tests[t] === null) add(`waterfall.gatingTests[${i}]`, `test ${t} is not defined`);
  });
}

/** Cash-flow waterfall: every class named exists, is paid by exactly one group, groups have collateral. */
function validateCashFlowWaterfall(w: CashFlowWaterfall, names: Set<string>, groups: Set<number>, add: Add): void {
  const checkName = (path: string, name: string): void => {
    if (!names.has(name)) add(path, `unknown tranche ${name}`);
  };
  w.interest.forEach((c, i) => {
    checkName(`waterfall.interest[${i}].tranche`, c.tranche);
    if (c.coupon.kind === 'fixed' && !(c.coupon.ratePct >= 0 && c.coupon.ratePct < 25)) add(`waterfall.interest[${i}].coupon.ratePct`, 'Coupon and Spread 0 <= x < 25');
  });
  w.interestOrder.forEach((set, i) => set.forEach((n, j) => checkName(`waterfall.interestOrder[${i}][${j}]`, n)));
  const paid = new Map<string, number>();
  w.groups.forEach((g, i) => {
    if (!groups.has(g.collateralGroup)) add(`waterfall.groups[${i}].collateralGroup`, `no rep line in group ${g.collateralGroup}`);
    g.steps.forEach((step, k) => step.order.flat().forEach((n) => {
      checkName(`waterfall.groups[${i}].steps[${k}]`, n);
      if ((w.classGroups[n] ?? 1) !== g.collateralGroup) add(`waterfall.groups[${i}].steps[${k}]`, `${n} belongs to group ${w.classGroups[n] ?? 1}`);
      paid.set(n, g.collateralGroup);
    }));
  });
  for (const n of names) if (!paid.has(n)) add('waterfall.groups', `no principal step pays ${n}`);
  w.lossOrder.forEach((n, i) => checkName(`waterfall.lossOrder[${i}]`, n));
  const pct = (path: string, x: number | null | undefined): void => {
    if (x !== null && x !== undefined && !(x >= 0 && x <= 100)) add(path, 'must be a percent between 0 and 100');
  };
  pct('waterfall.seniorFeesPct', w.seniorFeesPct);
  pct('waterfall.optionalRedemptionPct', w.optionalRedemptionPct);
  pct('waterfall.overcollateralization.targetPctOfCurrent', w.overcollateralization?.targetPctOfCurrent);
  pct('waterfall.reserveAccount.targetPctOfCurrent', w.reserveAccount?.targetPctOfCurrent);
}
