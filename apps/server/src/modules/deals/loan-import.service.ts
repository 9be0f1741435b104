/**
 * Import of a loan-level tape in a public agency layout (`npm run data -- import-loans`).
 * A file with any malformed row is rejected whole; an accepted file replaces the deal's loans
 * in one transaction, so a failure part-way writes nothing.
 */
import { folded } from '../../db/folded.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { parseFannieTape, parseFreddieTape, type ParseResult } from './loan-tape.codec.ts';
import { loanRow } from './deal-rows.builder.ts';
import { dealsDb } from './deals.tables.ts';

export type TapeLayout = 'freddie' | 'fannie';

export interface TapeFiles {
  layout: TapeLayout;
  /** Freddie origination file, or the Fannie CRT performance file. */
  main: string;
  /** Freddie monthly performance file (optional). */
  performance?: string | null;
  /** Reporting date (YYYYMMDD) for Freddie loans without a performance record. */
  asOfDate: number;
}

export class TapeRejected extends Error {
  constructor(readonly errors: string[]) {
    super(`loan tape rejected: ${errors.length} problem(s)`);
  }
}

/** Parse the files of a tape (no database). */
export function parseTape(files: TapeFiles): ParseResult {
  return files.layout === 'freddie'
    ? parseFreddieTape(files.main, files.performance ?? null, files.asOfDate)
    : parseFannieTape(files.main);
}

/** Validate and store a tape for a deal; returns the number of loans written. */
export async function importLoanTape(baseDb: Db, dealName: string, files: TapeFiles): Promise<number> {
  const { loans, errors } = parseTape(files);
  if (errors.length) throw new TapeRejected(errors);
  if (!loans.length) throw new TapeRejected(['the file holds no loans']);
  const db = dealsDb(baseDb);
  return db.transaction().execute(async (trx) => {
    const deal = await trx.selectFrom('deals').select('deal_name').where(sql`lower(deal_name)`, '=', folded(dealName)).executeTakeFirst();
    if (!deal) throw new TapeRejected([`deal ${dealName} does not exist (start the server once or run: npm run data -- load-catalogue)`]);
    await trx.deleteFrom('loans').where('deal_name', '=', deal.deal_name).execute();
    const rows = loans.map((l) => loanRow(deal.deal_name, l));
    for (let i = 0; i < rows.length; i += 5000) {
      const part = JSON.stringify(rows.slice(i, i + 5000));
      await sql`insert into loans select * from jsonb_populate_recordset(null::loans, ${part}::jsonb)`.execute(trx);
    }
    return rows.length;
  });
}
