import { z } from 'zod';
import { SimulationRequestSchema } from './simulation.ts';

/**
 * POST /simulate/breakeven (issue 18 #13): the scenario of a deal run (CPR, severity, delinquency,
 * index, calls; its CDR is replaced by the searched values) and, optionally, the classes to solve
 * (default: every class of the run). Each class costs many deal runs, so the list is bounded.
 */
export const BreakevenRequestSchema = SimulationRequestSchema.extend({
  BondNames: z.array(z.string().trim().min(1, 'Missing required: Bond').max(100)).min(1, 'Missing required: Bond').max(60).optional(),
});
export type BreakevenRequestBody = z.infer<typeof BreakevenRequestSchema>;

/**
 * Breakeven CDRs in percent on a 0.01 grid: the smallest flat CDR at which the class takes its
 * first dollar of loss (write-downs above half a cent), and the one at which it is written down
 * to nothing (no principal back). Null: not reached below MaxCdr.
 */
export const ClassBreakevenSchema = z.object({
  BondName: z.string(),
  FirstLossCdr: z.number().nullable(),
  FullWriteDownCdr: z.number().nullable(),
  /** Why FirstLossCdr is 0: the class loses at 0 CDR already, or at any CDR above 0 (below the grid's 0.01). Null otherwise. */
  FirstLossNote: z.string().nullable(),
});
export type ClassBreakevenDto = z.infer<typeof ClassBreakevenSchema>;

export const BreakevenResponse = z.object({
  Breakevens: z.array(ClassBreakevenSchema),
  /** Highest CDR searched, percent. */
  MaxCdr: z.number(),
  /** Deal runs the search took. */
  Runs: z.number(),
  /** Server run time in milliseconds (admins only). */
  RunTime: z.number().optional(),
});
export type BreakevenResponse = z.infer<typeof BreakevenResponse>;
