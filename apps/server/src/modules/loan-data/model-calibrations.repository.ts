/** Population calibrations of the credit model in the app's database (migration 0036-model-calibrations.ts): SQL only here. */
import type { Kysely, Selectable } from 'kysely';
import type { FitError, ModelCalibration } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type ModelCalibrationsTable = {
  name: string;
  model: string;
  tune_cpr: number;
  tune_cdr: number;
  tune_severity: number;
  population: string;
  /** JSON array of vintage labels. */
  vintages: string;
  loans: number;
  /** JSON of the FitError. */
  fit_error: string;
  created_at: Date;
};

const tables = (db: Db): Kysely<Database & { model_calibrations: ModelCalibrationsTable }> => db.withTables<{ model_calibrations: ModelCalibrationsTable }>();

function toDto(r: Selectable<ModelCalibrationsTable>): ModelCalibration {
  return {
    Name: r.name, Model: r.model as ModelCalibration['Model'], TuneCpr: Number(r.tune_cpr), TuneCdr: Number(r.tune_cdr), TuneSeverity: Number(r.tune_severity),
    Population: r.population, Vintages: JSON.parse(r.vintages) as string[], Loans: Number(r.loans), Error: JSON.parse(r.fit_error) as FitError,
    CreatedAt: new Date(r.created_at).toISOString(),
  };
}

/** Saves a calibration under its name, replacing one of the same name. */
export async function saveCalibration(db: Db, c: Omit<ModelCalibration, 'CreatedAt'>): Promise<ModelCalibration> {
  const row = {
    name: c.Name, model: c.Model, tune_cpr: c.TuneCpr, tune_cdr: c.TuneCdr, tune_severity: c.TuneSeverity, population: c.Population,
    vintages: JSON.stringify(c.Vintages), loans: c.Loans, fit_error: JSON.stringify(c.Error), created_at: new Date(),
  };
  await tables(db).insertInto('model_calibrations').values(row)
    .onConflict((oc) => oc.column('name').doUpdateSet({ ...row, name: undefined })).execute();
  return toDto(row);
}

export async function findCalibration(db: Db, name: string): Promise<ModelCalibration | null> {
  const row = await tables(db).selectFrom('model_calibrations').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? toDto(row) : null;
}

export async function listCalibrations(db: Db): Promise<ModelCalibration[]> {
  return (await tables(db).selectFrom('model_calibrations').selectAll().orderBy('name').execute()).map(toDto);
}
