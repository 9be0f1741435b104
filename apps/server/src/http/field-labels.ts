/**
 * The screens' labels of request fields, for messages of requests refused by their contract
 * (issue 23 #4: "name the field as the screen labels it, with its unit and range"). A field's wire
 * name (SettlementDate, OwnedFaceAmt) means nothing to someone who typed into "Settlement Date";
 * fields no screen shows keep their wire name. `unit` follows the range: the wire unit, so an API
 * caller learns it too.
 */
/**
 * `date`: a YYYYMMDD number, whose range is written without thousands separators. `item`: how a
 * list's element is named ("CPR period 3", "Matrix CPR (%) value 2"): a run vector's index is its
 * period (the leading element is period 0), a forward curve starts at period 1, an axis counts from 1.
 * `range`: the engine's range where the contract's bound is only a net against absurd numbers.
 */
export interface FieldLabel { label: string; unit?: string; date?: boolean; item?: (index: number) => string; range?: readonly [number, number] }

const period = (index: number): string => `period ${index}`;
const value = (index: number): string => `value ${index + 1}`;

const FIELD_LABELS: Readonly<Record<string, FieldLabel>> = {
  SettlementDate: { label: 'Settlement Date', unit: '(YYYYMMDD)', date: true },
  CancellationDate: { label: 'Optional Cancellation Date', unit: '(YYYYMM or YYYYMMDD)', date: true },
  CollateralGroup: { label: 'Collateral Group' },
  Cpr: { item: period, range: [0, 0.999999], label: 'CPR', unit: '(a fraction: 10 % is 0.1)' },
  Cdr: { item: period, range: [0, 0.999999], label: 'CDR', unit: '(a fraction: 0.5 % is 0.005)' },
  LossSeverity: { item: period, range: [0, 1], label: 'Loss Severity', unit: '(a fraction: 25 % is 0.25)' },
  Delinquency: { item: period, range: [0, 1], label: 'Delinquency', unit: '(a fraction: 2 % is 0.02)' },
  Libor: { item: period, label: 'LIBOR / SOFR', unit: '(a fraction: 4 % is 0.04)' },
  IndexCurve: { label: 'Index Curve', unit: '(a fraction: 4 % is 0.04)', item: (index) => `period ${index + 1}` },
  MatrixCpr: { label: 'Matrix CPR (%)', item: value },
  MatrixCdr: { label: 'Matrix CDR (%)', item: value },
  OwnedFaceAmt: { label: 'Initial Limit ($)' },
  Margin: { label: 'Collateral', unit: '(a fraction of the limit: 20 % is 0.2)' },
  InterestRate: { label: 'Interest Rate', unit: '(a fraction: 1 % is 0.01)' },
  RecoveryLagMonths: { label: 'Recovery Lag (months)' },
  TuneCpr: { label: 'Tune CPR', unit: '(a multiplier)' },
  TuneCdr: { label: 'Tune CDR', unit: '(a multiplier)' },
  TuneSeverity: { label: 'Tune Severity', unit: '(a multiplier)' },
};

/** The label of a request field by its path segments (the top-level field decides); null when unknown. */
export function fieldLabelOf(segments: readonly string[]): FieldLabel | null {
  const top = segments[0];
  return top !== undefined ? (FIELD_LABELS[top] ?? null) : null;
}
