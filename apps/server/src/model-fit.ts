/**
 * `npm run model:fit`: the open credit model's back-test against published GSE vintage
 * performance (issue 24). Runs the back-test (packages/engine/src/credit-model/backtest.ts, the
 * same code as `npm run model:backtest`) for every vintage 2004-2012, both LTV buckets, LDM 2.2 and
 * LDM 3.0, on the historical macro path data/macro/us-macro-monthly-2004-2021.csv, and writes
 * docs/model-fit.md (tables: model vs published, the 2018 cohort's refinance wave, every parameter
 * with its value and reason) and docs/model-fit.svg (CDR and CPR by month per vintage).
 * Published figures exist for the 2007 vintage only (Freddie Mac, STACR 2020-DNA1 historical
 * performance presentation); the other vintages are out-of-sample runs of the same parameters.
 * Also prints the fit to the app's synthetic demo histories for reference (not a calibration).
 * `npm run -s model:fit -- --population [filters] [--save NAME]`: the fit to imported loans (cli/fit-population.ts).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BACKTEST_TAPE_VERSION, CREDIT_MODEL_PARAMETERS, HELD_OUT_VINTAGES, parseMacroCsv, parsePublishedVintages, runBacktest, vintageComparison,
  type BacktestLoans, type BacktestResult, type CreditModelName, type VintageProfiles,
} from '@opencrt/engine';
import { orderMisses, rowMisses } from './cli/vintage-targets.ts';
import { loadDealRecords } from './modules/deals/deal-catalog.loader.ts';
import { backtestCases, evaluateFit } from './modules/credit-models/calibration.ts';

// `--population [filters]`: fit the model's factors to imported loans instead (cli/fit-population.ts).
if (process.argv.includes('--population')) {
  const { FitUsageError, populationFitCommand } = await import('./cli/fit-population.ts');
  let code = 1;
  try {
    code = await populationFitCommand(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`model:fit: ${(e as Error).message}\n`);
    code = e instanceof FitUsageError ? 2 : 1;
  }
  process.exit(code);
}

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const MACRO = 'data/macro/us-macro-monthly-2004-2021.csv';
const macro = parseMacroCsv(readFileSync(resolve(root, MACRO), 'utf8'));
const read = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8')) as Record<string, unknown>;
const params = read('packages/engine/src/credit-model/credit-model-parameters.json');
const tapeParams = read('packages/engine/src/credit-model/backtest-tape-parameters.json');

/** The 2007 pools: 60-80 LTV as published; 80-97 LTV means are our assumption (outcomes only are published). */
const BUCKETS = [
  {
    name: '60-80 LTV', published: { def: 10.5, sev: 47.7, loss: 5.0 }, pmms2007: 6.22,
    loans: { Count: 5000, Seed: 7, Fico: 720, Dti: 39.1, Ltv: 75.3, Cltv: 77.9, NoteRate: 6.33, TermMonths: 360, MiPct: 0, AverageBalance: 180_000 },
  },
  {
    name: '80-97 LTV (MI)', published: { def: 18.4, sev: 32.9, loss: 6.1 }, pmms2007: 6.22,
    loans: { Count: 5000, Seed: 7, Fico: 705, Dti: 40.5, Ltv: 91, Cltv: 91.5, NoteRate: 6.55, TermMonths: 360, MiPct: 26, AverageBalance: 170_000 },
  },
] as const;
const MODELS: readonly CreditModelName[] = ['LDM', 'LDM_3'];
const VINTAGES = [2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012];

interface Row { vintage: number; bucket: (typeof BUCKETS)[number]; model: CreditModelName; months: number; rate: number; r: BacktestResult; ms: number }
const rows: Row[] = [];
for (const vintage of VINTAGES) {
  const start = `${vintage}-01`;
  const i0 = macro.months.indexOf(start);
  const months = Math.min(144, macro.months.length - i0);
  for (const bucket of BUCKETS) {
    // Each vintage at its own market rate with the 2007 pool's spread over PMMS and the 2007 credit mix.
    const rate = Math.round(((macro.mtg30Pct[i0] as number) + bucket.loans.NoteRate - bucket.pmms2007) * 100) / 100;
    const loans: BacktestLoans = { ...bucket.loans, NoteRate: rate };
    for (const model of MODELS) {
      const t0 = performance.now();
      const r = runBacktest({ Model: model, Start: start, Months: months, Macro: MACRO, Loans: loans }, macro);
      rows.push({ vintage, bucket, model, months, rate, r, ms: performance.now() - t0 });
    }
  }
}

/** Every published row (issue 34 #1): the same comparison `model:backtest --table/--json` prints. */
const profilesText = readFileSync(resolve(root, 'data/credit/vintage-profiles.json'), 'utf8');
const vintages = vintageComparison(
  parsePublishedVintages(readFileSync(resolve(root, 'data/credit/freddie-vintage-performance.csv'), 'utf8')), macro, JSON.parse(profilesText) as VintageProfiles,
);
const vintageRows = vintages.map((r) => {
  const misses = rowMisses(r);
  return `| ${r.Vintage} | ${r.LtvBucket} | ${r.Model === 'LDM' ? 'LDM 2.2' : 'LDM 3.0'} | ${r.PublishedDefaultPct.toFixed(1)} / ${r.ModelDefaultPct.toFixed(2)} | ${r.PublishedSeverityPct.toFixed(1)} / ${r.ModelSeverityPct.toFixed(2)} | ${r.PublishedNetLossPct.toFixed(1)} / ${r.ModelNetLossPct.toFixed(2)} | ${r.HeldOut ? 'yes' : ''} | ${misses === null ? '—' : misses.length ? `**miss** ${misses.join(', ')}` : 'met'} |`;
}).join('\n');
/** Mean absolute default error (points) and mean absolute relative error of the rows above 1 %, held out or fitted. */
const errorsOf = (held: boolean) => {
  const rs = vintages.filter((r) => r.HeldOut === held);
  const abs = rs.reduce((s2, r) => s2 + Math.abs(r.ModelDefaultPct - r.PublishedDefaultPct), 0) / rs.length;
  const big = rs.filter((r) => r.PublishedDefaultPct >= 1);
  const rel = big.reduce((s2, r) => s2 + Math.abs(r.ModelDefaultPct / r.PublishedDefaultPct - 1), 0) / Math.max(1, big.length);
  const sev = rs.reduce((s2, r) => s2 + Math.abs(r.ModelSeverityPct - r.PublishedSeverityPct), 0) / rs.length;
  return `${rs.length} rows: default off by ${f(abs)} points on average (${f(rel * 100, 0)} % relative where the published default is 1 % or more), severity by ${f(sev, 1)} points`;
};
const missedRows = vintages.filter((r) => (rowMisses(r) ?? []).length > 0);
const order = orderMisses(vintages);

/** The 2018 cohort at 4.5%: 3-month CPR against Fannie Mae's 30-year aggregate. */
const refi = runBacktest({ Model: 'LDM', Start: '2018-06', Months: 43, Macro: MACRO, Loans: { ...BUCKETS[0].loans, Fico: 750, Dti: 36, NoteRate: 4.5 } }, macro);
const refiAft = runBacktest({ Model: 'AFT', Start: '2018-06', Months: 43, Macro: MACRO, Loans: { ...BUCKETS[0].loans, Fico: 750, Dti: 36, NoteRate: 4.5 } }, macro);
const cpr3 = (ym: string, run: BacktestResult = refi) => {
  const t = (Number(ym.slice(0, 4)) - 2018) * 12 + Number(ym.slice(5, 7)) - 6;
  return ((run.Cpr[t] ?? 0) + (run.Cpr[t - 1] ?? 0) + (run.Cpr[t - 2] ?? 0)) / 3;
};

const f = (x: number, d = 2) => x.toFixed(d);
const band = (model: number, pub: number, relative: boolean) => (relative ? Math.abs(model / pub - 1) <= 0.25 : Math.abs(model - pub) <= 8) ? 'in' : '**out**';
const table = rows.map(({ vintage, bucket, model, months, rate, r }) => {
  const pub = vintage === 2007 ? bucket.published : null;
  const cell = (m: number, p: number | undefined, rel: boolean) => (p === undefined ? f(m) : `${f(m)} / ${f(p, 1)} (${band(m, p, rel)})`);
  return `| ${vintage} | ${bucket.name} | ${model === 'LDM' ? 'LDM 2.2' : 'LDM 3.0'} | ${f(rate)} | ${months} | ${cell(r.CumulativeDefaultPct, pub?.def, true)} | ${cell(r.SeverityPct, pub?.sev, false)} | ${cell(r.NetLossPct, pub?.loss, true)} |`;
}).join('\n');

/** value + reason entries of a parameter file, flattened to rows. */
function paramRows(json: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(json)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && 'value' in v && 'reason' in v) {
      const value = JSON.stringify((v as { value: unknown }).value).replace(/\|/g, '\\|');
      out.push(`| \`${prefix}${k}\` | ${value} | ${String((v as { reason: string }).reason).replace(/\|/g, '\\|')} |`);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      out.push(...paramRows(v as Record<string, unknown>, `${prefix}${k}.`));
    }
  }
  return out;
}

/** CDR (12-month average) and CPR by calendar month, one line per vintage (60-80 LTV, LDM 2.2). */
function chart(): string {
  const W = 900, H = 260, pad = 50, first = 2004 * 12, last = 2021 * 12 + 11;
  const x = (m: number) => pad + ((m - first) * (W - 2 * pad)) / (last - first);
  const lines = rows.filter((r) => r.bucket === BUCKETS[0] && r.model === 'LDM');
  const colors = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#000', '#66a61e', '#e6ab02', '#a6761d', '#666'];
  const panel = (y0: number, title: string, pick: (r: BacktestResult) => number[], max: number) => {
    const y = (v: number) => y0 + H - pad / 2 - (Math.min(v, max) / max) * (H - pad);
    const ticks = [0, 0.25, 0.5, 0.75, 1].map((k) => `<text x="${pad - 6}" y="${y(max * k) + 4}" font-size="10" text-anchor="end">${f(max * k, 0)}%</text><line x1="${pad}" x2="${W - pad}" y1="${y(max * k)}" y2="${y(max * k)}" stroke="#eee"/>`).join('');
    const years = Array.from({ length: 18 }, (_, i) => `<text x="${x(first + 12 * i)}" y="${y0 + H - 4}" font-size="10" text-anchor="middle">${2004 + i}</text>`).join('');
    const paths = lines.map((row, k) => {
      const v = pick(row.r);
      const m0 = row.vintage * 12;
      return `<path d="${v.map((val, t) => `${t ? 'L' : 'M'}${x(m0 + t).toFixed(1)},${y(val).toFixed(1)}`).join(' ')}" fill="none" stroke="${colors[k]}" stroke-width="${row.vintage === 2007 ? 2.2 : 1.2}"/>`
        + `<text x="${x(m0) + 2}" y="${y0 + 28 + 11 * k}" font-size="10" fill="${colors[k]}">${row.vintage}</text>`;
    }).join('\n');
    return `<text x="${pad}" y="${y0 + 14}" font-size="13" font-weight="bold">${title}</text>${ticks}${years}\n${paths}`;
  };
  const avg12 = (v: number[]) => v.map((_, t) => v.slice(Math.max(0, t - 11), t + 1).reduce((s, z) => s + z, 0) / Math.min(12, t + 1));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${2 * H + 30}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
${panel(0, 'Model CDR (default events, 12-month average) by vintage, 60-80 LTV, LDM 2.2', (r) => avg12(r.Cdr), 6)}
${panel(H + 20, 'Model CPR by vintage, 60-80 LTV, LDM 2.2', (r) => r.Cpr, 60)}
</svg>
`;
}

const records = loadDealRecords(undefined, { structures: false });
const synthetic = evaluateFit(backtestCases(records), CREDIT_MODEL_PARAMETERS);
const timing = rows.reduce((s, r) => s + r.ms, 0) / rows.length;

const report = `# Credit model back-test (\`npm run model:fit\`)

Generated by apps/server/src/model-fit.ts. Parameter file \`${CREDIT_MODEL_PARAMETERS.version}\`
(packages/engine/src/credit-model/credit-model-parameters.json), tape dispersion \`${BACKTEST_TAPE_VERSION}\`
(backtest-tape-parameters.json), macro path \`${MACRO}\` (FHFA purchase-only HPI, PMMS 30y/15y, unemployment; see
data/macro/SOURCES.md). Each row is \`npm run model:backtest\` on a profile: 5,000 seeded loans (seed 7) with dispersed
FICO, DTI, LTV, note rate, balance, second liens, region (home-price beta) and home-level price drift, originated in
January of the vintage and projected loan by loan for 144 months (to 2021-12 when shorter).

**Published** (Freddie Mac loan-level dataset, 30-year fixed, by origination year, data to 2019-03; STACR 2020-DNA1
historical performance presentation): 2007 vintage, 60-80 LTV: default 10.5 %, severity 47.7 %, net loss 5.0 %;
80-97 LTV (severity net of MI): default 18.4 %, severity 32.9 %, net loss 6.1 %. Issue 24 calibrated the model to
these two rows; since version 2026.11-4 it is fitted to every published row (next section). **Band**: ±25 % relative on default and net loss, ±8 points on severity. It is this wide
because the model runs the national HPI path with assumed regional betas and home-level drift, not the pool's actual
state and MSA price history, and the 80-97 pool's credit means are assumed; a tighter band would fit those
assumptions, not the data. Every other row is the same parameters on that
vintage's own path (out of sample; no published figure in the issue, so none is shown).

Definitions: default = UPB reaching 180 days delinquent, % of original balance; severity = net loss / defaulted UPB;
net loss = % of original balance. Other vintages keep the 2007 pool's credit mix and spread over PMMS (note rate =
January PMMS + 0.11 for 60-80, + 0.33 for 80-97) so that only the macro path differs. The 80-97 pool's means
(FICO 705, DTI 40.5, LTV 91, CLTV 91.5, 26 % MI cover) are our assumption: the presentation gives its outcomes only.
**AFT is a model of its own** (issue 34 #2): the agency-prepayment model its inputs (HPA, 15y and 30y mortgage
rates; spec 000 §4) describe. It shares LDM 2.2's turnover (seasoning ramp, calendar seasonality, rate lock-in,
equity), refinance S-curve with burnout and roll coefficients (defaults move only through HPA: no unemployment, no
rates), and adds what HPA does to prepayments: turnover rises 3 % a point of trailing 12-month HPA (×0.6..×1.5;
booms pull sales forward, busts lock owners in) and owners with equity under the 80 % cash-out limit take cash out at
0.4 % CPR a point of HPA. So on the same inputs AFT and LDM 2.2 agree only when home prices are flat; in 2004-06 and
2020-21 AFT prepays faster, in 2008-11 slower (table below, engine tests aft-model.test.ts and
model-input-sets.test.ts). Besides, AFT runs untuned and builds no rate from Treasuries. LDM 3.0 also reads
unemployment and has its own roll coefficients.

## Every published vintage (issue 34; \`npm run -s model:backtest -- --table\` / \`--json\`)

Published: Freddie Mac, data/credit/freddie-vintage-performance.csv (SOURCES.md beside it), cumulative to 2019-03.
Each cell is published / model, percent. **Method**: every row is run on the historical macro path to the data date
2019-03: each origination year as two cohorts (January and July, 2,500 seeded loans each, pooled with equal
balances); \`1999-2004\` runs 2004 (the macro history starts 2004-01), \`2012-2018\` pools every year 2012-2018 (the
2018 cohorts have 9-15 months). LDM 2.2 and LDM 3.0 share one fit: \`npm run -s model:fit:vintages\`
(apps/server/src/cli/fit-vintages.ts) searches the roll intercepts (both, and LDM 3.0's alone), MTMCLTV and
negative-equity slopes, home-level value volatility, the MI claims paid share, selling costs and the REO discount from
the committed values, on every row except the held-out vintages ${HELD_OUT_VINTAGES.join(', ')} (both buckets),
minimising first how far each figure lies outside its target band, then, with a small weight, squared log errors of
default and net loss (floored at 0.3 %) plus severity errors in units of 6 points; \`--write\` stores the result in the
parameter file (1999-2004's 2004 proxy included: the pooled 1999-2003 loans, which the history cannot run, had more
equity when prices turned, so the proxy bounds the row from above). **Targets** (issue 34): 2005-2010 default and net loss within ±25 % (±0.2 points
under 1 %), severity ±6 points, the published order 2007 ≈ 2006 > 2005 > 2008 > 2009 > 2010; 1999-2004 and 2012-2018
default within ±0.5 points.

**The fit (version 2026.11-4, 2026-11-28): defaults come from negative equity.** Issue 24's parameters (fitted to
2007 alone) missed 17 of the 36 rows: a high benign roll (intercept −8.32) gave the pre-2005 and post-2009 vintages
2-7 % default against published 0.0-3.5 %, and ranked the 1999-2004 proxy near 2005. Searching those parameters
(issue 34's first attempt: 16 rows missed) only traded the post-crisis 80-97 rows for the crisis core. What separates
the vintages is how far under water a home goes, which the cumulative HPA from origination to the 2011 trough sets:
2004 originations had two to three years of gains first (national index ~0.95 of its origination level at the trough;
×2.6 in log terms in the sand states), 2006-07 originations bought at the peak (~0.80). So the roll now has a benign
level ~3× lower (LDM 2.2 intercept −9.08, MTMCLTV slope below 100 % 1.25; LDM 3.0 −9.50 / 2.0) and a negative-equity
slope ~4× steeper (11; LDM 3.0 10): the logit stays a piecewise-linear function of MTMCLTV (model-components.ts
equityLogit), its convexity now carrying the crisis. Home-level volatility 0.11 (0.12), MI claims paid 72 % (75 %),
selling costs 8.5 % (8 %). The values are a hand search on this table, rows and the published order counted, the
held-out vintages not looked at. \`model:fit:vintages\` started from them lowers both intercepts step by step (−0.6
after four steps): its objective squares how far each figure lies outside its band, so the 2009-2010 80-97 rows, two
to three times their published default, outweigh crisis rows that the shift pushes just out of theirs (from a
neighbouring set, −0.45 lost 2006 and 2008 60-80). The committed set keeps every 2006-2008 row. Two profile changes, each with
its reason in the file: 2008's 60-80 mean score 745 (735) and 80-97 offset −6 (−12), the 2008 tightening; with the
2007-like score 2008 met the same price path as 2005 and came out above it, the reverse of the published 5.5 < 7.5.
Tried and dropped: a cap on the negative-equity term (saturation past 115-125 % MTMCLTV), meant to lift 2005 against
2006-07; it lowered severities and left the 2005/2007 ratio as it was.

**What the fit still misses.** 2005 60-80 (4.6 against 7.5; issue 24's parameters: 5.45, also a miss): on the
national path with regional betas 2005 homes fall about as far as 2008 homes, and what put 2005 a third above 2008 in
the data is credit the profiles' FICO/DTI means do not carry (cash-out and investor shares, layered risk). 2009-2010
80-97 (2009: 3.8 against 1.8; 2010: 2.0 against 0.8) and their severities: post-crisis high-LTV loans (MI underwriting,
HARP, modifications, full MI claims) default far less at the same MTMCLTV than one roll curve says. 1999-2004 80-97
(5.5 against 3.5) and LDM 2.2's 1999-2004 60-80 (1.91 against a 1.9 limit): the row pools 1999-2003 loans the macro
history (from 2004-01) cannot run; its 2004 proxy met the fall with less equity than the pool had.

**Held-out errors** (2006, 2009, 2011, never searched on): ${errorsOf(true)}. **The other rows**: ${errorsOf(false)}.
**Targets missed**: ${missedRows.length} of ${vintages.length} rows; published order: ${order.length ? order.join('; ') : 'met for both buckets and both models'}.

| vintage | LTV | model | default | severity | net loss | held out | targets |
|---|---|---|---|---|---|---|---|
${vintageRows}

**Profiles used** (data/credit/vintage-profiles.json; the slides give outcomes only, SOURCES.md the 60-80 LTV
population's range FICO ≈ 720-745, DTI ≈ 36-39, note rate ≈ the year's 30-year rate):

\`\`\`json
${profilesText.trim()}
\`\`\`

## Issue 24's view: vintages 2004-2012 on the 2007 credit mix (January cohort, 144 months; model, or model / published (band) for 2007; percent)

| vintage | pool | model | note rate | months | default | severity | net loss |
|---|---|---|---|---|---|---|---|
${table}

![Model CDR and CPR by vintage](model-fit.svg)

## Refinance wave: 2018 cohort at 4.5 %

| month | LDM 2.2 3-month CPR, 2018-06 cohort at 4.50 % | AFT, same cohort and path | Fannie Mae 30-year aggregate 3-month CPR |
|---|---|---|---|
| 2019-01 | ${f(cpr3('2019-01'), 1)} | ${f(cpr3('2019-01', refiAft), 1)} | — |
| 2020-06 | ${f(cpr3('2020-06'), 1)} | ${f(cpr3('2020-06', refiAft), 1)} | 36.9 |
| 2021-07 | ${f(cpr3('2021-07'), 1)} | ${f(cpr3('2021-07', refiAft), 1)} | 18.0 |

The cohort is fully in the money (PMMS 3.1-3.2 % in mid-2020), so it runs faster than the aggregate, which mixes
out-of-the-money and burnt-out loans. AFT runs faster than LDM 2.2 in 2021: trailing HPA of 10-18 % adds turnover
and cash-out refinancing, which LDM 2.2 does not model.

## Parameters (value and reason)

| parameter | value | reason |
|---|---|---|
${paramRows(params).join('\n')}

### Back-test tape dispersion

| parameter | value | reason |
|---|---|---|
${paramRows(tapeParams).join('\n')}

## Speed

${rows.length} back-tests of 5,000 loans × up to 144 months: mean ${f(timing, 0)} ms each on this machine (${new Date().toISOString().slice(0, 10)}).

## For reference: the app's synthetic demo histories

The demo deals' remittance histories are generated by the app (deal-history.generator.ts: a base CPR/CDR per deal
with noise, no rate or home-price dependence), so they cannot calibrate a model. With the parameters above the model
misses them by CPR RMSE ${f(synthetic.rmseCprPct)} pt, CDR RMSE ${f(synthetic.rmseCdrPct, 3)} pt over ${synthetic.cases.length} deals.
`;
mkdirSync(resolve(root, 'docs'), { recursive: true });
writeFileSync(resolve(root, 'docs/model-fit.md'), report);
writeFileSync(resolve(root, 'docs/model-fit.svg'), chart());
for (const { vintage, bucket, model, r } of rows) {
  console.log(`${vintage} ${bucket.name.padEnd(15)} ${model.padEnd(5)} default ${f(r.CumulativeDefaultPct).padStart(6)}  severity ${f(r.SeverityPct, 1).padStart(5)}  net loss ${f(r.NetLossPct).padStart(5)}`);
}
console.log(`2018 cohort at 4.5%: 3-month CPR 2020-06 ${f(cpr3('2020-06'), 1)} (aggregate 36.9), 2021-07 ${f(cpr3('2021-07'), 1)} (aggregate 18.0)`);
console.log('wrote docs/model-fit.md, docs/model-fit.svg');
