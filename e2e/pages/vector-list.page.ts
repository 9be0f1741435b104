/** Page model of /vector_list (spec 001 §2.6) for the Chromium e2e tests. */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SAMPLES_DIR } from './scenario-list.page.ts';

export class VectorListPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/vector_list');
    await this.page.getByTestId('vector-list').waitFor();
    await this.page.getByText('Loading vectors...').waitFor({ state: 'detached' });
  }

  cell(name: string, period: number): Locator { return this.page.getByTestId(`vcell-${name}-${period}`); }
  alert(kind: 'success' | 'danger', text: string): Locator { return this.page.getByTestId(`alert-${kind}`).filter({ hasText: text }); }

  async columns(): Promise<string[]> {
    return this.page.getByTestId('vector-column').evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''));
  }

  async add(name: string): Promise<void> {
    await this.page.getByTestId('vector-new-name').fill(name);
    await this.page.getByTestId('vector-add').click();
  }

  /** Fires a paste of `text` into a cell, as the clipboard would. */
  async paste(name: string, period: number, text: string): Promise<void> {
    await this.cell(name, period).evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text', t);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  }

  async ranges(target: string, ranges: [number, number, number, number][]): Promise<void> {
    await this.page.getByTestId('vector-ranges').click();
    await this.page.getByTestId('range-modal').waitFor();
    await this.page.getByTestId('range-target').selectOption(target);
    for (let i = 0; i < ranges.length; i++) {
      if (i > 0) await this.page.getByTestId('range-add').click();
      const [sp, ep, sv, ev] = ranges[i]!;
      await this.page.getByTestId(`range-startPeriod-${i}`).fill(String(sp));
      await this.page.getByTestId(`range-endPeriod-${i}`).fill(String(ep));
      await this.page.getByTestId(`range-startValue-${i}`).fill(String(sv));
      await this.page.getByTestId(`range-endValue-${i}`).fill(String(ev));
    }
  }

  async loadSheet(file = 'vectors-sample.xlsx'): Promise<void> {
    await this.page.getByTestId('vector-file').setInputFiles(path.join(SAMPLES_DIR, file));
  }

  async save(): Promise<void> {
    await this.page.getByTestId('vector-save').click();
  }
}
