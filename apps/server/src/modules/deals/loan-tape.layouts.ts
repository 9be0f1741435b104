/**
 * A deal's loan tape in the agencies' public pipe-delimited layouts. The layouts themselves (every
 * field, position, kind and code list) are defined once, in loan-data/gse-layouts.ts, and shared
 * with the whole-dataset importer; this file parses and formats single lines of them in memory.
 */
import { FANNIE_CRT, FREDDIE_ORIGINATION, FREDDIE_PERFORMANCE, type FieldKind, type FieldSpec, type Layout } from '../loan-data/gse-layouts.ts';

export { FANNIE_CRT, FREDDIE_ORIGINATION, FREDDIE_PERFORMANCE };
export type { FieldKind, FieldSpec };

export type ParsedValue = string | number | null;

/** Parse one line against a layout; pushes messages to `errors`, returns values by field name. */
export function parseLine(
  line: string, lineNo: number, layout: Layout, errors: string[],
): Record<string, ParsedValue> | null {
  const cells = line.split('|');
  if (cells.length !== layout.width) {
    errors.push(`line ${lineNo}: expected ${layout.width} pipe-delimited fields, found ${cells.length}`);
    return null;
  }
  const out: Record<string, ParsedValue> = {};
  const before = errors.length;
  for (const spec of layout.fields) {
    const raw = (cells[spec.pos - 1] ?? '').trim();
    const where = `line ${lineNo}, field ${spec.pos} (${spec.name})`;
    if (raw === '') {
      if (spec.required) errors.push(`${where}: required value is missing`);
      out[spec.name] = null;
      continue;
    }
    switch (spec.kind) {
      case 'int':
      case 'num': {
        const ok = spec.kind === 'int' ? /^-?\d+$/.test(raw) : /^-?\d+(\.\d+)?$/.test(raw);
        if (!ok) errors.push(`${where}: '${raw}' is not ${spec.kind === 'int' ? 'a whole number' : 'a number'}`);
        out[spec.name] = ok ? Number(raw) : null;
        break;
      }
      case 'yyyymm':
      case 'mmyyyy': {
        const ok = /^\d{6}$/.test(raw);
        const month = Number(spec.kind === 'yyyymm' ? raw.slice(4, 6) : raw.slice(0, 2));
        if (!ok || month < 1 || month > 12) errors.push(`${where}: '${raw}' is not a ${spec.kind.toUpperCase()} date`);
        // normalised to YYYYMM
        out[spec.name] = ok ? Number(spec.kind === 'yyyymm' ? raw : raw.slice(2) + raw.slice(0, 2)) : null;
        break;
      }
      case 'code':
        if (spec.values && !spec.values.includes(raw)) errors.push(`${where}: '${raw}' is not one of ${spec.values.join(', ')}`);
        out[spec.name] = raw;
        break;
      case 'text':
        out[spec.name] = raw;
        break;
    }
  }
  return errors.length === before ? out : null;
}

/** Build a pipe-delimited line of `width` fields from values by position. */
export function formatLine(width: number, values: Record<number, string | number | null>): string {
  return Array.from({ length: width }, (_, i) => {
    const v = values[i + 1];
    return v === null || v === undefined ? '' : String(v);
  }).join('|');
}
