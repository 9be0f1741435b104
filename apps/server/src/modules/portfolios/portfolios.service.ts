/**
 * Portfolios (spec 001 §3.4; spec 002 "Portfolio", §4 states, §5 validation, §7 calls). A user
 * sees and changes their own portfolios; administrators see and change everyone's. Another user's
 * portfolio answers 404, as if it did not exist. Every save is one transaction.
 */
import {
  PORTFOLIO_NAME_EMPTY, PORTFOLIO_NOT_FOUND, portfolioNameTaken,
  type PageQuery, type Portfolio, type PortfolioCreateRequestSchema, type PortfolioList, type PortfolioUpdateRequestSchema,
} from '@opencrt/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { checkQuota, lockQuota } from '../../quotas/storage-quotas.ts';
import { isAdmin } from '../simulation/simulation.service.ts';
import { checkEntries, type CheckedEntry } from './portfolio-entries.check.ts';
import { createPortfoliosRepository } from './portfolios.repository.ts';
import { portfoliosDb } from './portfolios.tables.ts';

type CreateBody = z.output<typeof PortfolioCreateRequestSchema>;
type UpdateBody = z.output<typeof PortfolioUpdateRequestSchema>;

/** Checks one new portfolio (name, entries); the name clash is checked inside the transaction. */
async function checkNew(db: Db, user: AuthUser, body: CreateBody, index: number | null): Promise<CheckedEntry[]> {
  const prefix = index === null ? '' : `Portfolio ${body.Name || index + 1}: `;
  if (body.Name === '') throw new Invalid(prefix + PORTFOLIO_NAME_EMPTY);
  try {
    return await checkEntries(db, user.id, body.PortfolioType, body.PortfolioEntries);
  } catch (e) {
    if (e instanceof Invalid && prefix) throw new Invalid(e.message.split('\n').map((m) => prefix + m).join('\n'));
    throw e;
  }
}

/**
 * POST /portfolios/ and POST /portfolios/bulk: stores new portfolios, all or none.
 * @param quota portfolios the owner may keep (OPENCRT_MAX_PORTFOLIOS_PER_USER): 429 when the save would pass it
 */
export async function createPortfolios(db: Db, user: AuthUser, bodies: readonly CreateBody[], now: Date, quota: number): Promise<Portfolio[]> {
  // Refused before the entry checks too, so a write loop at its quota costs one count per request.
  checkQuota('portfolios', quota, await createPortfoliosRepository(portfoliosDb(db)).countOwned(user.id), bodies.length);
  const checked: CheckedEntry[][] = [];
  const single = bodies.length === 1;
  for (const [i, body] of bodies.entries()) checked.push(await checkNew(db, user, body, single ? null : i));
  const names = new Set<string>();
  for (const b of bodies) {
    if (names.has(b.Name.toLowerCase())) throw new Conflict(portfolioNameTaken(b.Name));
    names.add(b.Name.toLowerCase());
  }
  return portfoliosDb(db).transaction().execute(async (trx) => {
    const repo = createPortfoliosRepository(trx);
    await lockQuota(trx, 'portfolios', user.id);
    checkQuota('portfolios', quota, await repo.countOwned(user.id), bodies.length);
    const out: Portfolio[] = [];
    for (const [i, body] of bodies.entries()) {
      if (await repo.nameTaken(user.id, body.Name)) throw new Conflict(portfolioNameTaken(body.Name));
      const id = await repo.insert(user.id, body.Name, body.PortfolioType, now);
      const entries = checked[i] ?? [];
      await repo.replaceEntries(id, entries, now);
      const stored = await repo.findById(id, user.id, false);
      if (!stored) throw new Error('portfolio vanished inside its own transaction');
      out.push(stored);
    }
    return out;
  });
}

/**
 * GET /portfolios/: a page keyed by name, own portfolios first so they keep their plain names. An
 * admin's list holds everyone's; a name another owner also uses gets " (owner)". `total` counts every
 * portfolio the caller may list (the x-total-count header).
 */
export async function listPortfolios(db: Db, user: AuthUser, page: PageQuery): Promise<{ list: PortfolioList; total: number }> {
  const { rows, total } = await createPortfoliosRepository(portfoliosDb(db)).list(isAdmin(user) ? null : user.id, user.id, page);
  const out: PortfolioList = {};
  for (const { row, portfolio } of rows) {
    const key = Number(row.name_rank) === 1 ? row.name : `${row.name} (${row.owner})`;
    out[key] = portfolio;
  }
  return { list: out, total };
}

/** GET /portfolios/{name}: the caller's own by name (ignoring case), else (admins) anyone's. */
export async function getPortfolio(db: Db, user: AuthUser, name: string): Promise<Portfolio> {
  const p = await createPortfoliosRepository(portfoliosDb(db)).findByName(name.trim(), user.id, isAdmin(user));
  if (!p) throw new NotFound(`Portfolio "${name.trim()}" was not found.`);
  return p;
}

/** A portfolio by id that the caller may see (404 otherwise). */
export async function getPortfolioById(db: Db, user: AuthUser, id: number): Promise<Portfolio> {
  const p = await createPortfoliosRepository(portfoliosDb(db)).findById(id, user.id, isAdmin(user));
  if (!p) throw new NotFound(PORTFOLIO_NOT_FOUND);
  return p;
}

/** PUT /portfolios/{id}: the entries replace the stored ones (one transaction). */
export async function updatePortfolio(db: Db, user: AuthUser, id: number, body: UpdateBody, now: Date): Promise<Portfolio> {
  const pdb = portfoliosDb(db);
  const header = await createPortfoliosRepository(pdb).header(id, user.id, isAdmin(user));
  if (!header) throw new NotFound(PORTFOLIO_NOT_FOUND);
  const type = header.portfolio_type === 'Bonds' ? 'Bonds' : 'Reinsurance';
  // Entries are checked against the owner's deals: an admin edits someone's portfolio as they could.
  const entries = await checkEntries(db, header.owner_id, type, body.PortfolioEntries);
  return pdb.transaction().execute(async (trx) => {
    const repo = createPortfoliosRepository(trx);
    await repo.replaceEntries(id, entries, now);
    const stored = await repo.findById(id, user.id, isAdmin(user));
    if (!stored) throw new NotFound(PORTFOLIO_NOT_FOUND);
    return stored;
  });
}

/** DELETE /portfolios/bulk: every id must be one the caller may delete, else nothing is deleted (404). */
export async function deletePortfolios(db: Db, user: AuthUser, ids: readonly number[]): Promise<{ Deleted: number }> {
  const unique = [...new Set(ids)];
  return portfoliosDb(db).transaction().execute(async (trx) => {
    const repo = createPortfoliosRepository(trx);
    const allowed = await repo.deletable(unique, user.id, isAdmin(user));
    if (allowed.length !== unique.length) throw new NotFound(PORTFOLIO_NOT_FOUND);
    return { Deleted: await repo.deleteMany(unique) };
  });
}
