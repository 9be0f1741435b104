/**
 * What a first visit downloads (`npx tsx bench/page-weight.ts http://localhost:8080 /deal_catalog`):
 * loads each page in headless Chromium with an empty cache and prints the JavaScript, CSS and total
 * bytes as transferred (compressed), and whether ECharts was fetched. Prints figures; asserts nothing.
 */
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8080';
const pages = process.argv.slice(3).length ? process.argv.slice(3) : ['/'];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const tab = await context.newPage();
    const responses: { url: string; type: string; bytes: number }[] = [];
    tab.on('requestfinished', (request) => {
      void request.sizes().then((sizes) => {
        const type = request.resourceType();
        responses.push({ url: request.url(), type, bytes: sizes.responseBodySize });
      });
    });
    await tab.goto(base + page, { waitUntil: 'networkidle' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sum = (type?: string) => responses.filter((r) => !type || r.type === type).reduce((s, r) => s + r.bytes, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const echarts = responses.some((r) => /echarts/i.test(r.url));
    console.log(`${page}: JS ${kb(sum('script'))} in ${responses.filter((r) => r.type === 'script').length} files, CSS ${kb(sum('stylesheet'))}, all ${kb(sum())}; ECharts loaded: ${echarts}`);
    for (const r of responses.filter((x) => x.type === 'script')) console.log(`   ${kb(r.bytes).padStart(10)}  ${r.url.replace(base, '')}`);
    await context.close();
  }
} finally {
  await browser.close();
}
