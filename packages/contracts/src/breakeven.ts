import { z } from 'zod';
import { SimulationRequestSchema } from './simulation.ts';

/**
 * POST /simulate/breakeven (issue 18 #13): the scenario of a deal run (CPR, severity, delinquency,
 * index, calls; its CDR is replaced by the searched values) and, optionally, the classes to solve
 * (default: every class of the run). Each class costs many deal runs, so the list is bounded.
 */
/** What the search moves (issue 25 #5); the screens offer the same three. */
export const BreakevenMode = z.enum(['Cdr', 'Severity', 'CumulativeLoss'], { error: 'Breakeven Mode must be Cdr, Severity or CumulativeLoss.' })
  .describe('Cdr (default): the flat CDR, PERCENT, of first loss and full write-down. Severity: the flat loss severity, PERCENT, at the request\'s CDR. '
    + 'CumulativeLoss: the CDR search answered also as the collateral\'s cumulative loss, PERCENT of its original balance, of the runs at those CDRs.');
export type BreakevenMode = z.infer<typeof BreakevenMode>;

export const BreakevenRequestSchema = SimulationRequestSchema.extend({
  BondNames: z.array(z.string().trim().min(1, 'Missing required: Bond').max(100)).min(1, 'Missing required: Bond').max(60).optional(),
  Mode: BreakevenMode.optional(),
});
export type BreakevenRequestBody = z.infer<typeof BreakevenRequestSchema>;

/**
 * Breakevens in percent on a 0.01 grid (CDR, or severity in mode Severity): the smallest flat CDR at which the class takes its
 * first dollar of loss (write-downs above half a cent), and the one at which it is written down
 * to nothing (no principal back). Null: not reached below MaxCdr.
 */
export const ClassBreakevenSchema = z.object({
  BondName: z.string(),
  FirstLossCdr: z.number().nullable().describe('CDR, PERCENT on a 0.01 grid, of the first loss (modes Cdr and CumulativeLoss; null in mode Severity or when not reached).'),
  FullWriteDownCdr: z.number().nullable().describe('CDR, PERCENT on a 0.01 grid, of the full write-down (modes Cdr and CumulativeLoss).'),
  FirstLossSeverity: z.number().nullable().optional().describe('Mode Severity: loss severity, PERCENT on a 0.01 grid, of the first loss at the request\'s CDR.'),
  FullWriteDownSeverity: z.number().nullable().optional().describe('Mode Severity: loss severity, PERCENT on a 0.01 grid, of the full write-down.'),
  FirstLossCumulativeLoss: z.number().nullable().optional()
    .describe('Mode CumulativeLoss: collateral cumulative loss, PERCENT of the original balance, of the run at FirstLossCdr.'),
  FullWriteDownCumulativeLoss: z.number().nullable().optional()
    .describe('Mode CumulativeLoss: collateral cumulative loss, PERCENT of the original balance, of the run at FullWriteDownCdr.'),
  /** Why FirstLossCdr is 0: the class loses at 0 CDR already, or at any CDR above 0 (below the grid's 0.01). Null otherwise. */
  FirstLossNote: z.string().nullable(),
});
export type ClassBreakevenDto = z.infer<typeof ClassBreakevenSchema>;

export const BreakevenResponse = z.object({
  Mode: BreakevenMode,
  Breakevens: z.array(ClassBreakevenSchema),
  /** Highest CDR searched, percent. */
  MaxCdr: z.number(),
  /** Highest severity searched (mode Severity), percent. */
  MaxSeverity: z.number(),
  CollateralOriginalBalance: z.number().describe('Collateral original (cut-off) balance, DOLLARS: the denominator of the cumulative loss.'),
  LossesBeforeSettlement: z.number().describe('Collateral net losses before settlement, DOLLARS, counted in the cumulative loss.'),
  /** Deal runs the search took. */
  Runs: z.number(),
  /** Server run time in milliseconds (admins only). */
  RunTime: z.number().optional(),
});
export type BreakevenResponse = z.infer<typeof BreakevenResponse>;
