import { authModule } from './auth/auth.routes.ts';
import { dealsModule } from './deals/deals.routes.ts';
import type { ApiModule } from './module.ts';
import { publicFormsModule } from './public-forms/public-forms.routes.ts';

/** Every feature module, registered under /api in this order. Add one line per new module. */
export const modules: ApiModule[] = [
  authModule,
  publicFormsModule,
  dealsModule,
];
