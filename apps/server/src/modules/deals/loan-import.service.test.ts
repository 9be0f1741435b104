import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exportLoanTape } from './loan-export.service.ts';
import { TapeRejected, importLoanTape } from './loan-import.service.ts';
import { dealsDb } from './deals.tables.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => t.close());

const loansOf = async (deal: string) => dealsDb(t.ctx.db).selectFrom('loans').select(['loan_id', 'current_upb']).where('deal_name', '=', deal).orderBy('loan_id').execute();

describe('importLoanTape', () => {
  it('round-trips the stored Freddie tape through the public layout', async () => {
    const before = await loansOf('STACR 2026-DNA2');
    const files = await exportLoanTape(t.ctx.db, 'STACR 2026-DNA2', 'freddie');
    const [orig, perf] = Object.values(files);
    const n = await importLoanTape(t.ctx.db, 'STACR 2026-DNA2', { layout: 'freddie', main: orig ?? '', performance: perf ?? null, asOfDate: 20261025 });
    expect(n).toBe(2000);
    expect(await loansOf('STACR 2026-DNA2')).toEqual(before);
  });

  it('imports a Fannie CRT file for a CAS deal, replacing its tape', async () => {
    const [text] = Object.values(await exportLoanTape(t.ctx.db, 'CAS 2021-R01', 'fannie'));
    const lines = (text ?? '').trim().split('\n').slice(0, 25).join('\n');
    expect(await importLoanTape(t.ctx.db, 'CAS 2021-R01', { layout: 'fannie', main: lines, asOfDate: 20261025 })).toBe(25);
    expect((await loansOf('CAS 2021-R01')).length).toBe(25);
  });

  it('rejects a file with a malformed row and writes nothing', async () => {
    const before = await loansOf('STACR 2016-DNA1');
    const [orig] = Object.values(await exportLoanTape(t.ctx.db, 'STACR 2016-DNA1', 'freddie'));
    const rows = (orig ?? '').trim().split('\n').slice(0, 10);
    rows[6] = (rows[6] ?? '').replace(/\|(\d+\.\d{2})\|/, '|12,5|');
    const err = await importLoanTape(t.ctx.db, 'STACR 2016-DNA1', { layout: 'freddie', main: rows.join('\n'), asOfDate: 20261025 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TapeRejected);
    expect((err as TapeRejected).errors).toEqual(["line 7, field 11 (Original UPB): '12,5' is not a number"]);
    expect(await loansOf('STACR 2016-DNA1')).toEqual(before);
  });

  it('rejects an unknown deal without touching the database', async () => {
    const [orig] = Object.values(await exportLoanTape(t.ctx.db, 'STACR 2016-DNA1', 'freddie'));
    const err = await importLoanTape(t.ctx.db, 'NOPE 2020-1', { layout: 'freddie', main: orig ?? '', asOfDate: 20261025 }).catch((e: unknown) => e);
    expect((err as TapeRejected).errors[0]).toContain('deal NOPE 2020-1 does not exist');
  });
});
