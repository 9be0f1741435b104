/**
 * Export to ODF (spec 001 §2.5, admin): a stored custom deal as an OpenDocument spreadsheet
 * (.ods, ISO/IEC 26300). Sheet "Deal" lists every single field by its path (STACR.Structure.CETarget),
 * and every list (step-downs, collateral lines, bonds) gets a sheet of its own with a header row.
 * Numbers are written as float cells so a spreadsheet can compute with them.
 */
import JSZip from 'jszip';

type Cell = string | number | boolean | null;
interface Sheet { name: string; rows: Cell[][] }

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function cellXml(v: Cell): string {
  if (v === null) return '<table:table-cell/>';
  if (typeof v === 'number' && Number.isFinite(v)) return `<table:table-cell office:value-type="float" office:value="${v}"><text:p>${v}</text:p></table:table-cell>`;
  if (typeof v === 'boolean') return `<table:table-cell office:value-type="boolean" office:boolean-value="${v}"><text:p>${v ? 'TRUE' : 'FALSE'}</text:p></table:table-cell>`;
  return `<table:table-cell office:value-type="string"><text:p>${esc(String(v))}</text:p></table:table-cell>`;
}

/** Sheets of a payload: scalars on "Deal", each list of objects on its own sheet. */
export function sheetsOf(dealName: string, payload: unknown): Sheet[] {
  const main: Sheet = { name: 'Deal', rows: [['Field', 'Value'], ['Deal Name', dealName]] };
  const lists: Sheet[] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      const objects = value.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
      if (objects.length === value.length && objects.length > 0) {
        const cols = [...new Set(objects.flatMap((o) => Object.keys(o)))];
        lists.push({ name: path.replace(/\./g, ' ').slice(0, 31), rows: [cols, ...objects.map((o) => cols.map((c) => scalar(o[c])))] });
      } else {
        main.rows.push([path, value.map((x) => String(x)).join(', ')]);
      }
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    main.rows.push([path, scalar(value)]);
  };
  walk(payload, '');
  return [main, ...lists];
}

function scalar(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return JSON.stringify(v);
}

function contentXml(sheets: Sheet[]): string {
  const tables = sheets.map((s) => `<table:table table:name="${esc(s.name)}">${s.rows.map((r) => `<table:table-row>${r.map(cellXml).join('')}</table:table-row>`).join('')}</table:table>`).join('');
  return '<?xml version="1.0" encoding="UTF-8"?>'
    + '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    + 'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
    + `<office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`;
}

const MIME = 'application/vnd.oasis.opendocument.spreadsheet';
const MANIFEST = '<?xml version="1.0" encoding="UTF-8"?>'
  + '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
  + `<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${MIME}"/>`
  + '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
  + '</manifest:manifest>';

/** The .ods bytes. The `mimetype` entry comes first and uncompressed, as the ODF package format requires. */
export async function customDealOds(dealName: string, payload: unknown): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', MIME, { compression: 'STORE' });
  zip.file('META-INF/manifest.xml', MANIFEST);
  zip.file('content.xml', contentXml(sheetsOf(dealName, payload)));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', mimeType: MIME });
}

export const ODS_MIME = MIME;
