/**
 * A CPR × CDR matrix (spec 001 §2.1, §9): CPR columns, CDR rows, cells rounded to 2 decimals,
 * '-----' where a cell has no value. Clicking a cell reports its CPR and CDR (the screen reruns a
 * single scenario there). The selected cell is highlighted.
 */
export interface MatrixGridProps {
  /** Column axis, percent. */
  cpr: number[];
  /** Row axis, percent. */
  cdr: number[];
  /** Values indexed [cdr][cpr]. */
  values: (number | null)[][];
  selected?: { cpr: number; cdr: number } | null;
  onCell?(cell: { cpr: number; cdr: number; value: number | null }): void;
  testId?: string;
  /** Decimals of a cell; default 2 (spec 001 §9). Basis points need 1 (0.1 bp is finer than 0.01 %). */
  digits?: number;
}

/** Fixed decimals without a sign on a value that rounds to zero ("-0.00" read as a loss, issue 18 #10). */
export function toFixedUnsignedZero(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** Matrix cell text: 2 decimals (or `digits`), '-----' for a missing value. */
export function formatMatrixCell(value: number | null | undefined, digits = 2): string {
  return typeof value === 'number' && Number.isFinite(value) ? toFixedUnsignedZero(value, digits) : '-----';
}

export function MatrixGrid({ cpr, cdr, values, selected, onCell, testId, digits = 2 }: MatrixGridProps) {
  return (
    // Scrolls sideways rather than spill out of its panel when wide cells meet a narrow screen (1024 px, DM in bp).
    <div className="table-responsive">
    <table className="table table-sm table-bordered text-end small mb-0" data-testid={testId}>
      <thead>
        <tr>
          <th className="text-center">CDR \ CPR</th>
          {cpr.map((c) => <th key={c} scope="col">{c}</th>)}
        </tr>
      </thead>
      <tbody>
        {cdr.map((d, r) => (
          <tr key={d}>
            <th scope="row">{d}</th>
            {cpr.map((c, i) => {
              const value = values[r]?.[i] ?? null;
              const isSelected = selected?.cpr === c && selected.cdr === d;
              return (
                <td key={c} role="button" tabIndex={0} data-cpr={c} data-cdr={d}
                  className={isSelected ? 'table-primary fw-semibold' : undefined}
                  onClick={() => onCell?.({ cpr: c, cdr: d, value })}
                  onKeyDown={(e) => { if (e.key === 'Enter') onCell?.({ cpr: c, cdr: d, value }); }}>
                  {formatMatrixCell(value, digits)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
