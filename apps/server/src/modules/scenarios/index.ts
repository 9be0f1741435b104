/** What other modules use from scenarios: a visible scenario's vectors for simulation runs. */
import type { Scenario } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
import { createScenariosRepository } from './scenarios.repository.ts';
import { SCENARIO_NOT_FOUND } from './scenarios.service.ts';
import { scenariosDb } from './scenarios.tables.ts';

/**
 * A scenario the user may see (own, Shared, or shared with them), with its vectors in percent per
 * period, for a run with a chosen saved scenario. Throws NotFound('Scenario was not found.').
 */
export async function loadVisibleScenario(db: Db, userId: number, id: number): Promise<Scenario> {
  const row = await createScenariosRepository(scenariosDb(db)).get(userId, id);
  if (!row) throw new NotFound(SCENARIO_NOT_FOUND);
  return {
    Id: row.id, ScenarioName: row.scenario_name, DealName: row.deal_name, Vendor: row.vendor, Shared: row.shared,
    Owned: row.owner_id === userId, Owner: row.owner, LastModified: new Date(row.last_modified).toISOString(),
    Cpr: row.cpr, Cdr: row.cdr, LossSeverity: row.loss_severity, Delinquency: row.delinquency, IndexCurve: row.index_curve ?? [],
  };
}
