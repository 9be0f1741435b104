import { acisCirtModule } from './acis-cirt/acis-cirt.routes.ts';
import { authModule } from './auth/auth.routes.ts';
import { customDealsModule } from './custom-deals/custom-deals.routes.ts';
import { dealsModule } from './deals/deals.routes.ts';
import { documentationModule } from './documentation/documentation.routes.ts';
import { loanDataModule } from './loan-data/loan-data.routes.ts';
import type { ApiModule } from './module.ts';
import { portfoliosModule } from './portfolios/portfolios.routes.ts';
import { publicFormsModule } from './public-forms/public-forms.routes.ts';
import { reportsModule } from './reports/reports.routes.ts';
import { simulationModule } from './simulation/simulation.routes.ts';
import { stochasticModule } from './stochastic/stochastic.routes.ts';
import { scenariosModule } from './scenarios/scenarios.routes.ts';
import { usersModule } from './users/users.routes.ts';
import { userCashflowsModule } from './user-cashflows/user-cashflows.routes.ts';
import { vectorsModule } from './vectors/vectors.routes.ts';

/** Every feature module, registered under /api in this order. Add one line per new module. */
export const modules: ApiModule[] = [
  authModule,
  publicFormsModule,
  dealsModule,
  scenariosModule,
  vectorsModule,
  usersModule,
  simulationModule,
  stochasticModule,
  acisCirtModule,
  portfoliosModule,
  reportsModule,
  documentationModule,
  userCashflowsModule,
  loanDataModule,
  customDealsModule,
];
