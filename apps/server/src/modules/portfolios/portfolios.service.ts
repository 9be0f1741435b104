/**
 * Portfolios (spec 001 §3.4; spec 002 "Portfolio", §4 states, §5 validation, §7 calls). A user
 * sees and changes their own portfolios; administrators see and change everyone's. Another user's
 * portfolio answers 404, as if it did not exist. Every save is one transaction.
 */
import {
  PORTFOLIO_NAME_EMPTY, PORTFOLIO_NOT_FOUND, portfolioNameTaken,
  type Portfolio, type PortfolioCreateRequestSchema, type PortfolioList, type PortfolioUpdateRequestSchema,
} from '@opencrt/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
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

/** POST /portfolios/ and POST /portfolios/bulk: stores new portfolios, all or none. */
export async function createPortfolios(db: Db, user: AuthUser, bodies: readonly CreateBody[], now: Date): Promise<Portfolio[]> {
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

/** GET /portfolios/: keyed by name. An admin's list holds everyone's; a name another owner also uses gets " (owner)". */
export async function listPortfolios(db: Db, user: AuthUser): Promise<PortfolioList> {
  const rows = await createPortfoliosRepository(portfoliosDb(db)).list(isAdmin(user) ? null : user.id);
  const out: PortfolioList = {};
  // Own portfolios first so they keep their plain names.
  const ordered = [...rows.filter((r) => r.row.owner_id === user.id), ...rows.filter((r) => r.row.owner_id !== user.id)];
  for (const { row, portfolio } of ordered) {
    const key = out[row.name] === undefined ? row.name : `${row.name} (${row.owner})`;
    out[key] = portfolio;
  }
  return out;
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
