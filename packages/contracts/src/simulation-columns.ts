import type { SimulationResponse } from '@opencrt/engine';

/**
 * The compact layout of a POST /simulate answer (`?layout=columns`, issue 27): the same answer
 * with every table of rows (collateral, each class, the trigger history) sent as one array per
 * column, rows after a pay-off left out (spec 000 §4, the cut the screens apply anyway) and the
 * rows' numbers at the contract's precision: dollars to the cent, rates and percentages ("…Rate",
 * "…Pct" fractions) to 1e-8, whole numbers (periods, dates) as they are. A DNA1 answer is 2.2 MB
 * as rows; most of it is the same twelve member names repeated 7,680 times and digits beyond any
 * figure's precision. The layout is 'columns' in the answer so a reader can tell the two apart.
 * A class column equal to the collateral's column of the same name row for row (Period,
 * PaymentDate and the four scenario rates, which every class repeats) is sent as the string
 * "CollateralCashflow" instead of its values: the reader takes as many of the collateral's as the
 * class has rows (its Balance column, always sent, tells how many).
 */
export const SIMULATION_LAYOUTS = ['rows', 'columns'] as const;
export type SimulationLayout = (typeof SIMULATION_LAYOUTS)[number];

/**
 * The media type of the compact layout: a client that names it in Accept (as the deal screen
 * does) gets the columns answer without a query parameter; `?layout=` wins when both are given.
 */
export const COLUMNS_MEDIA_TYPE = 'application/vnd.opencrt.columns+json';

/** Spec 000 §4: a table's rows end one period after the first row whose balance is under this. */
export const CUT_BALANCE = 0.005;

/** The rows up to one period after the first pay-off (that row shows a late write-down or shortfall). */
export function cutAfterPayoff<Row extends { Balance: number }>(rows: readonly Row[]): Row[] {
  for (let i = 1; i < rows.length; i++) {
    if ((rows[i - 1] as Row).Balance < CUT_BALANCE) return rows.slice(0, i + 1);
  }
  return [...rows];
}

/** A table as columns: each member of the row type, one array over the rows. */
export type Columns<Row> = { [Key in keyof Row]: Row[Key][] };

/** A class column that repeats the collateral's column of the same name (see above). */
export const SAME_AS_COLLATERAL = 'CollateralCashflow';
/** A class table: its own columns, or the collateral's by name. */
export type ClassColumns<Row> = { [Key in keyof Row]: Row[Key][] | typeof SAME_AS_COLLATERAL };

type Rows = SimulationResponse;
type Bond = Rows['BondsCashflows'][number];
type Misc = Rows['MiscVariables'];

/** The compact answer: the rows answer with its three kinds of tables as columns. */
export type ColumnarSimulation<Answer extends Rows = Rows> = Omit<Answer, 'CollateralCashflow' | 'BondsCashflows' | 'MiscVariables'> & {
  Layout: 'columns';
  CollateralCashflow: Columns<Rows['CollateralCashflow'][number]>;
  BondsCashflows: (Omit<Bond, 'BondCashflow'> & { BondCashflow: ClassColumns<Bond['BondCashflow'][number]> })[];
  MiscVariables: Omit<Misc, 'Triggers'> & { Triggers: Columns<Misc['Triggers'][number]> };
};

/** The precision a row member is sent at: rates and fractions to 1e-8, every other number to the cent. */
function precisionOf(member: string): number {
  if (member === 'Period' || /Date|Number$/.test(member)) return 1;
  return /(Rate|Pct)$/.test(member) ? 1e8 : 100;
}

/** `value` to 1/scale (whole numbers unchanged; -0 is 0; NaN and infinities as they are). */
function roundTo(value: number, scale: number): number {
  const rounded = Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded;
}

/** Rows as columns, members in the first row's order, numbers at their precision. */
export function toColumns<Row extends object>(rows: readonly Row[]): Columns<Row> {
  const columns: Record<string, unknown[]> = {};
  const first = rows[0];
  if (!first) return columns as Columns<Row>;
  for (const member of Object.keys(first)) {
    const scale = precisionOf(member);
    // Packed arrays, filled in order: the fastest to write and to serialise.
    const column: unknown[] = [];
    for (const row of rows) {
      const value = (row as Record<string, unknown>)[member];
      column.push(scale === 1 || typeof value !== 'number' ? value : roundTo(value, scale));
    }
    columns[member] = column;
  }
  return columns as Columns<Row>;
}

const BOND_MEMBERS = [
  'Period', 'PaymentDate', 'Balance', 'Principal', 'Interest', 'Rate', 'Cash', 'ActualWriteDown', 'CprRate', 'CdrRate', 'LossSeverityRate', 'DelinquencyRate',
] as const satisfies readonly (keyof Bond['BondCashflow'][number])[];
/** Each class member's precision, by the one rule (precisionOf), read as plain properties. */
const BOND_SCALE = Object.fromEntries(BOND_MEMBERS.map((member) => [member, precisionOf(member)])) as Record<(typeof BOND_MEMBERS)[number], number>;

/**
 * `toColumns` of a class's rows, member by member in plain property reads: nine tenths of a DNA1
 * answer's numbers are class rows, and reading them by a computed member name (one load site for
 * every table's shape) cost ten times as much. Rows of another shape take the general path.
 */
function bondColumns(rows: readonly Bond['BondCashflow'][number][]): Columns<Bond['BondCashflow'][number]> {
  const first = rows[0];
  if (!first || Object.keys(first).join() !== BOND_MEMBERS.join()) return toColumns(rows);
  const c: Columns<Bond['BondCashflow'][number]> = {
    Period: [], PaymentDate: [], Balance: [], Principal: [], Interest: [], Rate: [], Cash: [], ActualWriteDown: [],
    CprRate: [], CdrRate: [], LossSeverityRate: [], DelinquencyRate: [],
  };
  for (const r of rows) {
    c.Period.push(r.Period);
    c.PaymentDate.push(r.PaymentDate);
    c.Balance.push(roundTo(r.Balance, BOND_SCALE.Balance));
    c.Principal.push(roundTo(r.Principal, BOND_SCALE.Principal));
    c.Interest.push(roundTo(r.Interest, BOND_SCALE.Interest));
    c.Rate.push(roundTo(r.Rate, BOND_SCALE.Rate));
    c.Cash.push(roundTo(r.Cash, BOND_SCALE.Cash));
    c.ActualWriteDown.push(roundTo(r.ActualWriteDown, BOND_SCALE.ActualWriteDown));
    c.CprRate.push(roundTo(r.CprRate, BOND_SCALE.CprRate));
    c.CdrRate.push(roundTo(r.CdrRate, BOND_SCALE.CdrRate));
    c.LossSeverityRate.push(roundTo(r.LossSeverityRate, BOND_SCALE.LossSeverityRate));
    c.DelinquencyRate.push(roundTo(r.DelinquencyRate, BOND_SCALE.DelinquencyRate));
  }
  return c;
}

/** Columns back to rows (members in the columns' order). */
export function fromColumns<Row extends object>(columns: Columns<Row>): Row[] {
  const members = Object.keys(columns);
  const length = members.length ? (columns as Record<string, unknown[]>)[members[0] as string]!.length : 0;
  const rows = new Array<Row>(length);
  for (let i = 0; i < length; i++) {
    const row: Record<string, unknown> = {};
    for (const member of members) row[member] = (columns as Record<string, unknown[]>)[member]![i];
    rows[i] = row as Row;
  }
  return rows;
}

/** The class table with the columns that repeat the collateral's named instead of sent. */
function withCollateralColumns<Row extends object>(columns: Columns<Row>, collateral: Record<string, unknown[]>): ClassColumns<Row> {
  const out: Record<string, unknown[] | typeof SAME_AS_COLLATERAL> = {};
  for (const [member, values] of Object.entries(columns) as [string, unknown[]][]) {
    const own = collateral[member];
    const same = member !== 'Balance' && own !== undefined && values.length <= own.length && values.every((value, i) => value === own[i]);
    out[member] = same ? SAME_AS_COLLATERAL : values;
  }
  return out as ClassColumns<Row>;
}

/** The class table's columns, the collateral's taken where it names them. */
function ownColumns<Row extends object>(columns: ClassColumns<Row>, collateral: Record<string, unknown[]>): Columns<Row> {
  const out: Record<string, unknown[]> = {};
  const balance = (columns as Record<string, unknown>).Balance;
  if (!Array.isArray(balance)) throw new Error('Compact simulation answer: a class table without its Balance column.');
  for (const [member, values] of Object.entries(columns) as [string, unknown[] | string][]) {
    if (Array.isArray(values)) out[member] = values;
    else if (values === SAME_AS_COLLATERAL && collateral[member]) out[member] = collateral[member].slice(0, balance.length);
    else throw new Error(`Compact simulation answer: column ${member} is neither values nor "${SAME_AS_COLLATERAL}".`);
  }
  return out as Columns<Row>;
}

/** A run's answer in the compact layout (the server writes this in the run's worker). */
export function toColumnarSimulation<Answer extends Rows>(answer: Answer): ColumnarSimulation<Answer> {
  const { CollateralCashflow, BondsCashflows, MiscVariables, ...rest } = answer;
  const collateral = toColumns(cutAfterPayoff(CollateralCashflow));
  const byName = collateral as unknown as Record<string, unknown[]>;
  return {
    Layout: 'columns',
    ...rest,
    CollateralCashflow: collateral,
    BondsCashflows: BondsCashflows.map((bond) => ({ ...bond, BondCashflow: withCollateralColumns(bondColumns(cutAfterPayoff(bond.BondCashflow)), byName) })),
    MiscVariables: { ...MiscVariables, Triggers: toColumns(MiscVariables.Triggers) },
  };
}

/** The compact answer as the rows answer (cut after pay-off, numbers at their precision). */
export function fromColumnarSimulation<Answer extends Rows>(answer: ColumnarSimulation<Answer>): Answer {
  const { Layout: _layout, CollateralCashflow, BondsCashflows, MiscVariables, ...rest } = answer;
  const byName = CollateralCashflow as unknown as Record<string, unknown[]>;
  return {
    ...rest,
    CollateralCashflow: fromColumns(CollateralCashflow),
    BondsCashflows: BondsCashflows.map((bond) => ({ ...bond, BondCashflow: fromColumns(ownColumns(bond.BondCashflow, byName)) })),
    MiscVariables: { ...MiscVariables, Triggers: fromColumns(MiscVariables.Triggers) },
  } as unknown as Answer;
}
