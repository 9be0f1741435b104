/**
 * The user guide (issue 36 #2): one short page per task, with its inputs, what each output means
 * and its unit, and a screenshot the e2e suite takes (e2e/guide-tasks.e2e.ts writes
 * public/guide/<slug>.png, so the picture follows the screen).
 */
export interface GuidePage {
  slug: string;
  title: string;
  /** The screen the task starts on (its "?" links here). */
  screen: string;
  steps: string[];
  inputs: [string, string][];
  outputs: [string, string][];
  /** False for a task whose screen has not landed yet (the page says so). */
  available?: boolean;
}

export const GUIDE_PAGES: GuidePage[] = [
  {
    slug: 'price-from-dm', title: 'Price a bond from a discount margin', screen: '/bond_analysis',
    steps: ['Open the deal from the Deal Catalog, then Analysis ▸ Bond Analysis.', 'Pick the class in Bond Information.', 'Choose the Price tab; under "Price from:" choose Discount margin.', 'Type the Discount Margin (bp) and the assumptions, then Calculate (or press Enter in any input).'],
    inputs: [['Discount Margin (bp)', 'spread over the floating index that discounts the projected coupons, in basis points'], ['CPR, CDR, Loss Severity, Delinquency (%)', 'annual rates, or comma lists per period'], ['LIBOR / SOFR (%)', 'the index; the current index value is shown under it']],
    outputs: [['Price', 'clean price per 100 of face'], ['Accrued, Dirty Price', 'accrued interest and clean + accrued, per 100 of face'], ['WAL', 'weighted average life, years'], ['Window', 'first–last period paying principal'], ['Write Down', '% of the class balance at settlement lost']],
  },
  {
    slug: 'yield-table', title: 'Build a yield table', screen: '/bond_analysis',
    steps: ['On Bond Analysis choose the Yield table tab.', 'Type the prices (or discount margins) as columns and add scenarios as rows (the current inputs, or saved scenarios).', 'Run the table; Export writes it to Excel.'],
    inputs: [['Columns', 'prices per 100 of face, or discount margins in bp for a floating class'], ['Rows', 'scenarios: CPR, CDR, Loss Severity, Delinquency in %']],
    outputs: [['Cells', 'yield in % (or price per 100 at a DM) of the class for that scenario and column'], ['WAL', 'years, per scenario']],
  },
  {
    slug: 'breakevens', title: 'Find breakevens', screen: '/bond_analysis',
    steps: ['On Bond Analysis choose the Breakevens tab (or, on Deal Analysis, "Breakevens" in the tranche summary).', 'Choose the mode (CDR, severity at the scenario\'s CDR, or collateral cumulative loss).', 'Compute.'],
    inputs: [['Mode', 'what is solved for'], ['Scenario', 'the prepayment and severity of the current inputs']],
    outputs: [['First loss', 'the smallest CDR (%, or severity %, or cumulative loss %) at which the class takes any write-down'], ['Full loss', 'the one at which the class is written down entirely']],
  },
  {
    slug: 'compare-runs', title: 'Compare runs', screen: '/deal_analysis',
    steps: ['On Deal Analysis run a scenario.', 'Pin run (in the tranche summary) keeps that run.', 'Change an input (say CPR) and run again: Compare Runs shows the pinned runs and the current run as its last column; the summary shows the differences from the last pin in blue.'],
    inputs: [['Pinned runs', 'up to six, this deal only, kept until you leave the deal']],
    outputs: [['Balance, Principal, Interest, Loss', 'dollars'], ['WAL', 'years'], ['Write-down', '% of the class balance at settlement'], ['Price, Yield, DM, Breakevens', 'as shown when the run was pinned']],
  },
  {
    slug: 'index-curve', title: 'Use an index curve', screen: '/bond_analysis',
    steps: ['On Bond Analysis (or Deal Analysis) open Index curve.', 'Type a forward curve (month and rate rows) or shift the flat LIBOR / SOFR.', 'Run: floating coupons reset on the curve instead of one flat rate.'],
    inputs: [['Curve', 'index rate in % per month'], ['LIBOR / SOFR (%)', 'the flat index when no curve is given; the current published value is shown beside it']],
    outputs: [['Coupons and DM', 'floating coupons follow the curve; the DM is measured over it, in bp']],
  },
  {
    slug: 'credit-model', title: 'Run a credit model', screen: '/deal_analysis',
    steps: ['On Deal, Bond, ACIS or CIRT Analysis choose a model under Assumptions (instead of None).', 'Fill the model\'s inputs (rates, HPA, unemployment, tuning).', 'Run: the model projects prepayments, defaults and severities per period.'],
    inputs: [['Model', 'LDM, LDM_3 or AFT (roles LDM_User, AFT_User)'], ['Economic inputs', 'mortgage rates, Treasury rates, HPA and unemployment in %'], ['Tuning', 'multipliers on CPR, CDR and severity']],
    outputs: [['Model vectors chart', 'CPR, CDR and severity per period, %'], ['Cashflows', 'as for any run']],
  },
  {
    slug: 'portfolio-vendor-grid', title: 'Build a portfolio and a vendor grid', screen: '/portfolio',
    steps: ['Portfolios ▸ Portfolio: create a portfolio and add entries (deal, class, amount, price or margin, scenario), or import a workbook.', 'Run it for the settlement date.', 'Portfolios ▸ Vendor Grid: choose the portfolio and the vendors\' scenarios; run the grid.'],
    inputs: [['Owned face amount', 'dollars'], ['Price (bonds) / Margin (reinsurance)', 'per 100 of face / %'], ['Settlement date, LIBOR index (%)', '']],
    outputs: [['Yield, Rate on line, Loss on line, Return on line', '% per entry and per scenario'], ['Cash flows', 'dollars per period, summed over the portfolio']],
  },
  {
    slug: 'reports', title: 'Write a report', screen: '/reports',
    steps: ['Reports: pick a report, fill its parameters (deal names, dates), Run.', 'Export writes the rows to Excel.', 'Admins write reports (SQL over the report views) under Admin ▸ Reports, with test values for each parameter.'],
    inputs: [['Parameters', 'as each report declares them: text, numbers, dates (MM/DD/YYYY), deal lists']],
    outputs: [['Rows', 'the columns the report declares, in their formats (dollars, %, dates)']],
  },
  {
    slug: 'import-loans', title: 'Import loan data', screen: '/loans', available: false,
    steps: ['Coming soon: loan-level files from the GSEs will be imported here and summarised into the deal screens.'],
    inputs: [], outputs: [],
  },
];

/** Pages whose title, steps, inputs or outputs hold every word of the query (any case). */
export function searchGuide(query: string, pages: readonly GuidePage[] = GUIDE_PAGES): GuidePage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...pages];
  return pages.filter((p) => {
    const text = [p.title, ...p.steps, ...p.inputs.flat(), ...p.outputs.flat()].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The guide page of a screen (its "?" link), if it has one. */
export function guideFor(screen: string): GuidePage | undefined {
  return GUIDE_PAGES.find((p) => p.screen === screen);
}
