import type { CirtStepdown } from '@opencrt/engine';
import type { ModuleContext } from '../module.ts';
import { cirtStepdownRows } from './custom-deal.builder.ts';
import { createCustomDealsService } from './custom-deals.service.ts';

/**
 * Step-down rows of a custom CIRT deal: the editor's LiabilityStepDowns (each row until the next
 * row's start period). Shipped CIRT deals read theirs from the catalog files (cirt-terms.loader.ts).
 */
export async function customCirtStepdowns(ctx: ModuleContext, dealName: string): Promise<CirtStepdown[]> {
  const payload = await createCustomDealsService(ctx).cirtPayloadOf(dealName);
  return payload?.Type === 'CIRT' ? cirtStepdownRows(payload) : [];
}
