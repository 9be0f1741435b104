import { z } from 'zod';
import { ReinsuranceFields } from './acis-cirt.ts';
import { SimulationRequestSchema } from './simulation.ts';

/** Most paths one stochastic run may ask (issue 35 #2). */
export const MAX_STOCHASTIC_PATHS = 10_000;
/** Paths whose macro vectors ReturnPaths answers. */
export const RETURNED_PATHS = 100;

const pathsMessage = `Paths must be a whole number from 1 to ${MAX_STOCHASTIC_PATHS.toLocaleString('en-US')}.`;
const seedMessage = 'Seed must be a whole number from 0 to 2,147,483,647.';

/**
 * POST /simulate/stochastic: the simulate inputs with a credit model (LDM, LDM_3 or AFT); the
 * request's economic vectors, where given, are the mean the paths scatter around. An ACIS or CIRT deal
 * also takes the reinsurance settings of POST /simulate/acis and /cirt (OwnedFaceAmt, Margin,
 * InterestRate, CancellationDate; ACIS needs BondName, the layer) and answers its layer.
 */
export const StochasticRequestSchema = SimulationRequestSchema.extend({
  ...ReinsuranceFields,
  Paths: z.int(pathsMessage).min(1, pathsMessage).max(MAX_STOCHASTIC_PATHS, pathsMessage),
  Seed: z.int(seedMessage).min(0, seedMessage).max(2_147_483_647, seedMessage).optional().default(1),
  /** Answer the first 100 paths' economic vectors (request units) and class losses. */
  ReturnPaths: z.boolean().optional().default(false),
});
export type StochasticRequestBody = z.infer<typeof StochasticRequestSchema>;

const percentiles = { P5: z.number(), P50: z.number(), P95: z.number(), P99: z.number() };

export const StochasticClassSchema = z.object({
  BondName: z.string(),
  /** Mean over paths of the class's principal write-down, percent of its balance at settlement. */
  ExpectedLossPct: z.number().min(0),
  /** Standard error of that mean (sample standard deviation / √paths), percent. */
  ExpectedLossStdErrPct: z.number().min(0),
  /** Share of paths with a write-down above half a cent, percent. */
  ProbabilityOfLossPct: z.number().min(0).max(100),
  LossPctP95: z.number(),
  LossPctP99: z.number(),
  /** Mean loss of the worst 1 % of paths, percent. */
  ExpectedShortfallP99Pct: z.number(),
  /** Mean WAL over paths, years (null for a class already paid off). */
  MeanWal: z.number().nullable(),
  /** Mean discount margin at par over the run's index, basis points (null for a class that does not float). */
  MeanDiscountMargin: z.number().nullable(),
  /** Paths by loss, in 20 equal bins from 0 to the largest loss (one bin [0, 0] when no path loses). */
  Histogram: z.array(z.object({ FromPct: z.number(), ToPct: z.number(), Paths: z.number() })),
  /**
   * ACIS and CIRT layers only (losses above are then percent of the layer's limit at settlement):
   * mean over paths of the annualised line metrics of POST /simulate/acis and /cirt, percent a year
   * on limit-years. MarginOverExpectedLossPct = RateOnLinePct − ExpectedLossOnLinePct.
   */
  ExpectedLossOnLinePct: z.number().min(0).optional(),
  RateOnLinePct: z.number().min(0).optional(),
  MarginOverExpectedLossPct: z.number().optional(),
});

export const StochasticResponse = z.object({
  Paths: z.number(),
  Seed: z.number(),
  Classes: z.array(StochasticClassSchema),
  Collateral: z.object({
    /** Mean cumulative collateral loss, percent of the pool balance at settlement. */
    ExpectedCumulativeLossPct: z.number(),
    CumulativeLossPct: z.object(percentiles),
    /** Cumulative collateral loss by period (percent), percentiles over paths. */
    Fan: z.array(z.object({ Period: z.number(), P5: z.number(), P25: z.number(), P50: z.number(), P75: z.number(), P95: z.number() })),
    /** Home-price index by period (settlement = 100), percentiles over paths. */
    HpiFan: z.array(z.object({ Period: z.number(), P5: z.number(), P25: z.number(), P50: z.number(), P75: z.number(), P95: z.number() })),
  }),
  /** The first paths' economic vectors in POST /simulate's units (leading period-0 element) and their class losses. */
  SamplePaths: z.array(z.object({
    Path: z.number(),
    Hpi: z.array(z.number()), Mtg30Year: z.array(z.number()), Mtg15Year: z.array(z.number()),
    Tsy2Year: z.array(z.number()), Tsy10Year: z.array(z.number()), NationalUnemploymentForecast: z.array(z.number()),
    ClassLossPct: z.record(z.string(), z.number()),
    CumulativeLossPct: z.number(),
  })),
  /** Server run time in milliseconds (admins only). */
  RunTime: z.number().optional(),
});
export type StochasticResponse = z.infer<typeof StochasticResponse>;
