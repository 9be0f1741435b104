/** Page model of /scenario_list (spec 000 "Saved Scenarios") for the Chromium e2e tests. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

export const SAMPLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/samples');

export class ScenarioListPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/scenario_list');
    await this.page.getByTestId('scenario-table').waitFor();
    await this.page.getByText('Loading scenarios...').waitFor({ state: 'detached' });
  }

  tool(name: 'remove' | 'share' | 'chart' | 'load-clramp' | 'load-xlsx' | 'save' | 'refresh'): Locator { return this.page.getByTestId(`tool-${name}`); }
  detailButton(name: 'edit' | 'clone' | 'discard' | 'save' | 'delete'): Locator { return this.page.getByTestId(`detail-${name}`); }
  get rows(): Locator { return this.page.getByTestId('scenario-row'); }
  row(name: string): Locator { return this.page.locator(`[data-testid="scenario-row"][data-name="${name}"]`); }
  cell(vector: 'Cpr' | 'Cdr' | 'LossSeverity' | 'Delinquency', period: number): Locator { return this.page.getByTestId(`cell-${vector}-${period}`); }
  alert(kind: 'success' | 'danger', text: string): Locator { return this.page.getByTestId(`alert-${kind}`).filter({ hasText: text }); }

  async names(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''));
  }

  async loadXlsx(file = 'scenarios-sample.xlsx'): Promise<void> {
    await this.page.getByTestId('file-xlsx').setInputFiles(path.join(SAMPLES_DIR, file));
    await this.page.getByTestId('local-mode').waitFor();
  }

  async loadClRamp(file = 'cl-ramp-sample.xlsx'): Promise<void> {
    await this.page.getByTestId('file-clramp').setInputFiles(path.join(SAMPLES_DIR, file));
    await this.page.getByTestId('local-mode').waitFor();
  }

  /** Toolbar Save → save options → mode → Save, then waits for the list to return to server mode. */
  async saveAll(mode: 'skip' | 'override'): Promise<void> {
    await this.tool('save').click();
    const modal = this.page.getByTestId('save-options-modal');
    await modal.waitFor();
    await this.page.getByTestId(`save-mode-${mode}`).check();
    await this.page.getByTestId('save-options-save').click();
    await this.alert('success', 'Successfully saved scenarios').first().waitFor();
    await this.page.getByTestId('local-mode').waitFor({ state: 'detached' });
  }

  async select(name: string): Promise<void> {
    await this.row(name).click();
    await this.page.locator(`[data-testid="detail-name"][value="${name}"]`).waitFor();
  }

  /** Types into an editable detail cell (period is 1-based). */
  async setCell(vector: 'Cpr' | 'Cdr' | 'LossSeverity' | 'Delinquency', period: number, value: string): Promise<void> {
    await this.cell(vector, period).locator('input').fill(value);
  }

  async filter(which: 'scenario' | 'deal' | 'vendor', label: string): Promise<void> {
    await this.page.getByTestId(`filter-${which}`).selectOption({ label });
  }
}
