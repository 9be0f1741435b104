/**
 * Turns run entries into engine-task inputs (spec 002 §7 run-entry payload). Each line reuses the
 * preparation of its analysis screen — /simulate/acis, /simulate/cirt or the bond run — so a
 * portfolio line gives the same numbers as the screen with the same inputs.
 */
import {
  AcisRequestSchema, CirtRequestSchema, isReinsuranceDealName, portfolioDealEmpty, SimulationRequestSchema,
  type PortfolioRunEntrySchema,
} from '@opencrt/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/authenticate.ts';
import { AppError, Invalid } from '../../http/errors.ts';
import { prepareAcis } from '../acis-cirt/acis-runs.service.ts';
import { prepareCirt } from '../acis-cirt/cirt-runs.service.ts';
import { amountOf } from '../acis-cirt/reinsurance-inputs.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { DEAL_NOT_FOUND } from '../deals/deals.service.ts';
import type { ModuleContext } from '../module.ts';
import { prepareRun } from '../simulation/simulation.service.ts';
import { userCashflowByLabel } from '../user-cashflows/user-cashflows.service.ts';
import type { PortfolioLineInput } from './portfolio-line.task.ts';

export type RunEntry = z.output<typeof PortfolioRunEntrySchema>;

/** A line ready to run (vectors: the entry's own, or a scenario's in the grid). */
export interface PreparedLine {
  ordinal: number;
  dealName: string;
  bondName: string;
  ownedFaceAmt: number;
  /** Collateral posted (insurance) or price per 100 (bonds): the weight of the blended yield. */
  collateralPct: number;
  price: number;
  input: PortfolioLineInput;
}

/** The CIRT activity date: SettlementDateMonthsBackAdjustment months before the settlement month, on the 25th (spec 002 §9). */
export function cirtActivityDate(settlement: number, monthsBack: number): number {
  const y = Math.floor(settlement / 10000);
  const m = Math.floor(settlement / 100) % 100;
  const index = y * 12 + (m - 1) - monthsBack;
  return Math.floor(index / 12) * 10000 + ((index % 12) + 1) * 100 + 25;
}

/** Parses with a contract schema; its messages become one 400. */
function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new Invalid(r.error.issues.map((i) => i.message).join(', '));
  return r.data;
}

/** The first value of a request rate, as the flat benchmark of a bond's spread. */
function firstRate(v: unknown): number {
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) {
    const x = Number(v.length > 1 ? v[1] : v[0]);
    return Number.isFinite(x) ? x : 0;
  }
  return 0;
}

async function prepareOne(ctx: ModuleContext, user: AuthUser, e: RunEntry, settlement: number, monthsBack: number): Promise<PreparedLine> {
  const deal = await createDealsRepository(ctx.db).findAssigned(user.id, e.DealName);
  if (!deal) throw new Invalid(DEAL_NOT_FOUND);
  // A prerun cashflow (sent, or one of the caller's saved ones by label) runs as the line's collateral.
  const prerun = e.UserCollateralCashflow ?? (e.UserCashflowLabel ? await userCashflowByLabel(ctx.db, user.id, e.UserCashflowLabel, deal.deal_name) : null);
  const vectors = { Cpr: e.Cpr, Cdr: e.Cdr, LossSeverity: e.LossSeverity, Delinquency: e.Delinquency, Libor: e.Libor ?? 0, UserCollateralCashflow: prerun, ...(e.IndexCurve ? { IndexCurve: e.IndexCurve } : {}) };
  const face = amountOf(e.OwnedFaceAmt) ?? 0;
  const base = { ordinal: e.OrdinalNumber, dealName: deal.deal_name, ownedFaceAmt: face };
  const cancellation = { Cancellation: e.Cancellation ?? false, CancellationDate: e.CancellationDate ?? null, CleanupCall: e.CleanupCall ?? false };
  if (deal.deal_type === 'ACIS') {
    const body = parseBody(AcisRequestSchema, {
      DealName: deal.deal_name, BondName: e.BondName, SettlementDate: settlement, ...vectors, ...cancellation,
      OwnedFaceAmt: e.OwnedFaceAmt, Margin: e.Margin, InterestRate: e.InterestRate ?? 0, SelectedScenarioId: e.SelectedScenarioId ?? null,
    });
    const p = await prepareAcis(ctx, user, body, 'closing');
    return {
      ...base, bondName: body.BondName, collateralPct: p.settings.collateralPct, price: 0,
      input: {
        kind: 'ACIS', deal: p.run.deal, request: p.run.request, layer: p.layer, settlementIso: p.run.settlementIso,
        collateral: { collateralPct: p.settings.collateralPct, interestRate: p.settings.interestRate }, vectors: null,
      },
    };
  }
  if (deal.deal_type === 'CIRT') {
    const body = parseBody(CirtRequestSchema, {
      DealName: deal.deal_name, SettlementDate: cirtActivityDate(settlement, monthsBack), ...vectors, ...cancellation,
      OwnedFaceAmt: e.OwnedFaceAmt, Margin: e.Margin, InterestRate: e.InterestRate ?? 0, SelectedScenarioId: e.SelectedScenarioId ?? null,
    });
    // A policy written after the portfolio's date is valued from its closing (prepareCirt 'closing').
    const cirt = await prepareCirt(ctx, user, body, 'closing');
    return { ...base, bondName: e.BondName, collateralPct: cirt.collateral.collateralPct, price: 0, input: { kind: 'CIRT', cirt, vectors: null } };
  }
  if (e.BondName === '') throw new Invalid("Bond Name mustn't be empty");
  const body = parseBody(SimulationRequestSchema, {
    DealName: deal.deal_name, BondName: e.BondName, SettlementDate: settlement, ...vectors, CleanupCall: e.CleanupCall ?? false,
    SelectedScenarioId: e.SelectedScenarioId ?? null,
  });
  const run = await prepareRun(ctx, user, body, false, { beforeClosing: 'closing' });
  const price = e.Price ?? amountOf(e.Margin ?? undefined) ?? 100;
  if (!(face > 0)) throw new Invalid('Missing valid: Balance');
  return {
    ...base, bondName: body.BondName ?? e.BondName, collateralPct: 0, price,
    input: {
      kind: 'Bond', deal: run.deal, request: run.request, settlementIso: run.settlementIso, bondName: body.BondName ?? e.BondName,
      price, faceAmt: face, benchmark: run.request.IndexCurve?.[0] ?? firstRate(run.request.Libor), vectors: null,
    },
  };
}

/**
 * Prepares every entry; all problems come back together as 'Line N: …' (one per line of the
 * message), the way the portfolio screen lists them.
 * @param portfolioType when given, each deal must be of that type
 */
export async function prepareLines(
  ctx: ModuleContext, user: AuthUser, entries: readonly RunEntry[], settlement: number, monthsBack: number, portfolioType?: 'Reinsurance' | 'Bonds',
): Promise<{ lines: (PreparedLine | null)[]; problems: { ordinal: number; message: string }[] }> {
  const problems: { ordinal: number; message: string }[] = [];
  const lines: (PreparedLine | null)[] = [];
  for (const e of entries) {
    if (e.DealName === '') { problems.push({ ordinal: e.OrdinalNumber, message: portfolioDealEmpty(e.OrdinalNumber).replace(/^Line \d+: /, '') }); lines.push(null); continue; }
    if (portfolioType && isReinsuranceDealName(e.DealName) !== (portfolioType === 'Reinsurance')) {
      problems.push({ ordinal: e.OrdinalNumber, message: `${e.DealName} does not belong in a ${portfolioType} portfolio` });
      lines.push(null);
      continue;
    }
    try {
      lines.push(await prepareOne(ctx, user, e, settlement, monthsBack));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.push({ ordinal: e.OrdinalNumber, message: error.message });
      lines.push(null);
    }
  }
  return { lines, problems };
}
