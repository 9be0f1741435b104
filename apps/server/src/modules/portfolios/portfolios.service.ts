/**
 * Portfolio creation (spec 001 §2.2 create-portfolio option, §3.4, §8; spec 002 §7 POST /portfolios/).
 * The name must not be empty and is unique per owner (ignoring case); every entry's deal must be
 * one the caller may see, and reinsurance deals (ACIS/CIRT) go only into Reinsurance portfolios.
 */
import { sql } from 'kysely';
import {
  isReinsuranceDealName, PORTFOLIO_NAME_EMPTY, portfolioDealEmpty, portfolioEntryTypeMismatch, portfolioNameTaken,
  type Portfolio, type PortfolioCreateRequestSchema,
} from '@opencrt/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { portfoliosDb } from './portfolios.tables.ts';

type CreateBody = z.output<typeof PortfolioCreateRequestSchema>;

/** Checks and stores a new portfolio with its entries in one transaction; returns it as stored. */
export async function createPortfolio(db: Db, user: AuthUser, body: CreateBody, now: Date): Promise<Portfolio> {
  if (body.Name === '') throw new Invalid(PORTFOLIO_NAME_EMPTY);
  const issues: string[] = [];
  const repo = createDealsRepository(db);
  for (const [i, e] of body.PortfolioEntries.entries()) {
    const line = i + 1;
    if (e.DealName === '') { issues.push(portfolioDealEmpty(line)); continue; }
    if (isReinsuranceDealName(e.DealName) !== (body.PortfolioType === 'Reinsurance')) issues.push(portfolioEntryTypeMismatch(line));
    else if (!(await repo.findAssigned(user.id, e.DealName))) issues.push(`Line ${line}: deal doesn't exist`);
  }
  if (issues.length > 0) throw new Invalid(issues.join('\n'));
  const pdb = portfoliosDb(db);
  return pdb.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('portfolios').select('id')
      .where('owner_id', '=', user.id).where(sql`lower(name)`, '=', body.Name.toLowerCase()).executeTakeFirst();
    if (taken) throw new Conflict(portfolioNameTaken(body.Name));
    const { id } = await trx.insertInto('portfolios')
      .values({ owner_id: user.id, name: body.Name, portfolio_type: body.PortfolioType, created_at: now, last_modified: now })
      .returning('id').executeTakeFirstOrThrow();
    // Ordinal numbers are renumbered 1..n in the order sent, so a client's gaps cannot collide.
    const entries = body.PortfolioEntries.map((e, i) => ({ ...e, OrdinalNumber: i + 1 }));
    if (entries.length > 0) {
      await trx.insertInto('portfolio_entries').values(entries.map((e) => ({
        portfolio_id: id, ordinal_number: e.OrdinalNumber, deal_name: e.DealName, bond_name: e.BondName,
        owned_face_amt: e.OwnedFaceAmt, margin: e.Margin, annual_premium: e.AnnualPremium,
        cpr: JSON.stringify(e.Cpr), cdr: JSON.stringify(e.Cdr), loss_severity: JSON.stringify(e.LossSeverity),
        delinquency: JSON.stringify(e.Delinquency), libor: JSON.stringify(e.Libor),
      }))).execute();
    }
    return { Id: id, Owner: user.username, Name: body.Name, PortfolioType: body.PortfolioType, PortfolioEntries: entries };
  });
}

/** One of the caller's portfolios by name (ignoring case), with its entries in order. */
export async function getPortfolio(db: Db, user: AuthUser, name: string): Promise<Portfolio> {
  const pdb = portfoliosDb(db);
  const p = await pdb.selectFrom('portfolios').selectAll()
    .where('owner_id', '=', user.id).where(sql`lower(name)`, '=', name.trim().toLowerCase()).executeTakeFirst();
  if (!p) throw new NotFound(`Portfolio "${name.trim()}" was not found.`);
  const rows = await pdb.selectFrom('portfolio_entries').selectAll().where('portfolio_id', '=', p.id).orderBy('ordinal_number').execute();
  return {
    Id: p.id, Owner: user.username, Name: p.name, PortfolioType: p.portfolio_type === 'Bonds' ? 'Bonds' : 'Reinsurance',
    PortfolioEntries: rows.map((r) => ({
      OrdinalNumber: r.ordinal_number, DealName: r.deal_name, BondName: r.bond_name, OwnedFaceAmt: r.owned_face_amt,
      Margin: r.margin, AnnualPremium: r.annual_premium, Cpr: r.cpr, Cdr: r.cdr, LossSeverity: r.loss_severity,
      Delinquency: r.delinquency, Libor: r.libor,
    })),
  };
}
