/**
 * The trigger timeline of a POST /simulate answer (issue 25 #7; engine trigger-timeline.ts): per
 * payment period, pass/fail of each deal test with the value tested and its threshold. Bounded:
 * at most 8 tests and 1,200 periods.
 */
import { z } from 'zod';

export const TRIGGER_TEST_NAMES = ['MinimumCreditEnhancement', 'Delinquency', 'CumulativeNetLoss', 'ClassA1CumulativeNetLoss'] as const;

/** The screens' names of the tests (crt-domain.md §2.4). */
export const TRIGGER_TEST_LABELS: Record<(typeof TRIGGER_TEST_NAMES)[number], string> = {
  MinimumCreditEnhancement: 'Minimum credit enhancement',
  Delinquency: 'Delinquency',
  CumulativeNetLoss: 'Cumulative net loss',
  ClassA1CumulativeNetLoss: 'Class A-1 cumulative net loss',
};

const perPeriod = <T extends z.ZodType>(cell: T) => z.array(z.array(cell).max(1200)).max(8);

export const TriggerTimelineSchema = z.object({
  Tests: z.array(z.enum(TRIGGER_TEST_NAMES)).max(8).describe('Test names, in the order of the per-test arrays.'),
  PaymentDates: z.array(z.number().int()).max(1200).describe('Payment date (YYYYMMDD) of each period.'),
  Pass: perPeriod(z.boolean().nullable()).describe('[test][period]: true pass, false fail, null not tested that period.'),
  Value: perPeriod(z.number()).describe('[test][period]: the value tested, in the test\'s Unit.'),
  Threshold: perPeriod(z.number().nullable()).describe('[test][period]: the threshold, in the test\'s Unit (null: none).'),
  PassWhen: z.array(z.enum(['>=', '<='])).max(8).describe('[test]: passes at or above (>=) or at or below (<=) the threshold.'),
  Unit: z.array(z.enum(['fraction', 'dollars'])).max(8).describe('[test]: FRACTION (0.045 = 4.5 %) or DOLLARS.'),
});
export type TriggerTimelineDto = z.infer<typeof TriggerTimelineSchema>;
