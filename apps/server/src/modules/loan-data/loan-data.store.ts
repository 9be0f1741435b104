/** The app's loan-data store, opened from its configuration (config.loanData). */
import type { LoanDataConfig } from '../../config.ts';
import { codeTypeStatements } from './gse-sql.ts';
import { openLoanStore, type LoanStore } from './loan-store.ts';

export function openLoanDataStore(config: LoanDataConfig): Promise<LoanStore> {
  return openLoanStore({ location: config.location, scratchDir: config.scratchDir, memoryLimit: config.memoryLimit, setUp: codeTypeStatements() });
}
