/**
 * Drop-in catalog picker for the analysis pages: loads the user's catalog (shared, cached
 * query) while shown and renders DealCatalogModal. Load failures show as the modal's status
 * text (and as the shell's alert).
 */
import type { DealCatalogRow } from '@opencrt/contracts';
import { useDealCatalog } from '../deal-catalog/use-deal-catalog.ts';
import { DealCatalogModal } from './deal-catalog-modal.tsx';

export interface DealCatalogPickerProps {
  show: boolean;
  onSelect(dealName: string, row: DealCatalogRow): void;
  onClose(): void;
  title?: string;
}

export function DealCatalogPicker({ show, onSelect, onClose, title }: DealCatalogPickerProps) {
  const catalog = useDealCatalog({ enabled: show });
  const status = catalog.error ? `Deal catalog could not be loaded: ${catalog.error.message}` : null;
  return <DealCatalogModal show={show} rows={catalog.data} status={status} onSelect={onSelect} onClose={onClose} {...(title ? { title } : {})} />;
}
