import { sql, type Kysely } from 'kysely';

/**
 * Credit-model calibrations fitted to an imported loan population (issue 33 #5,
 * `npm run model:fit -- --population … --save NAME`): run-level factors (TuneCpr, TuneCdr,
 * TuneSeverity) by name, with the population they were fitted on and the fit's error. Kept apart
 * from the engine's parameter file, which holds the model's structural parameters for everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table model_calibrations (
    name text primary key,
    model text not null,
    tune_cpr double precision not null,
    tune_cdr double precision not null,
    tune_severity double precision not null,
    population text not null,
    vintages text not null,
    loans integer not null,
    fit_error text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table model_calibrations`.execute(db);
}
