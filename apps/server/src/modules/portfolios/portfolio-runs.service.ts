/**
 * POST /simulate/portfolio (spec 002 §7 "Run portfolio"): every entry is a portfolio line run as
 * one cell of a batch on the run service; the answer sums the lines per family and in total.
 */
import { type PortfolioRunRequestSchema, type PortfolioRunResponse } from '@opencrt/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid } from '../../http/errors.ts';
import type { RunOptions } from '../../runs/run-service.ts';
import type { ModuleContext } from '../module.ts';
import { portfolioResponse, type RanLine } from './portfolio-aggregate.ts';
import { prepareLines, type PreparedLine } from './portfolio-lines.prepare.ts';
import type { PortfolioLineOutput } from './portfolio-line.task.ts';

type RunBody = z.output<typeof PortfolioRunRequestSchema>;

/** SettlementDateMonthsBackAdjustment is always 2 (spec 002 §9). */
export const MONTHS_BACK = 2;

/** A ran line with the money put in (the blended yield's weight). */
export function ranLine(line: PreparedLine, output: PortfolioLineOutput): RanLine {
  const invested = output.kind === 'Bond' ? (output.currentBalance * line.price) / 100 : line.collateralPct * output.originalBalance;
  return { ordinal: line.ordinal, dealName: line.dealName, bondName: line.bondName, ownedFaceAmt: line.ownedFaceAmt, invested, output };
}

export async function runPortfolio(ctx: ModuleContext, user: AuthUser, body: RunBody, options: RunOptions): Promise<PortfolioRunResponse> {
  const monthsBack = body.Entries[0]?.SettlementDateMonthsBackAdjustment ?? MONTHS_BACK;
  const { lines, problems } = await prepareLines(ctx, user, body.Entries, body.SettlementDate, monthsBack, body.PortfolioType);
  if (problems.length > 0) throw new Invalid(problems.map((p) => `Line ${p.ordinal}: ${p.message}`).join('\n'));
  const ready = lines.filter((l): l is PreparedLine => l !== null);
  const outcomes = await ctx.runs.runBatch('portfolioLine', ready.map((l) => l.input), options);
  const failures: string[] = [];
  const ran: RanLine[] = [];
  outcomes.forEach((o, i) => {
    const line = ready[i] as PreparedLine;
    if (o.ok) ran.push(ranLine(line, o.value));
    else failures.push(`Line ${line.ordinal}: ${o.message}`);
  });
  if (failures.length > 0) throw new Invalid(failures.join('\n'));
  return portfolioResponse(ran);
}

