import { describe, expect, it } from 'vitest';
import { FitUsageError, parseFitArgs } from './fit-population.ts';

describe('model:fit --population arguments', () => {
  it('takes the vintages filters, --vintage as one origination year, the model, the loan cap and a name to save', () => {
    const a = parseFitArgs(['--population', '--vintage', '2007', '--ficoMin', '700', '--state', 'CA,TX', '--model', 'LDM', '--maxLoans', '2000', '--save', 'pop-2007']);
    expect(a).toMatchObject({ model: 'LDM', maxLoans: 2000, save: 'pop-2007', filter: { yearFrom: 2007, yearTo: 2007, ficoMin: 700, state: ['CA', 'TX'] } });
    expect(a.population).toBe('ficoMin=700&state=CA%2CTX&yearFrom=2007&yearTo=2007');
    expect(parseFitArgs(['--population'])).toMatchObject({ model: 'LDM_3', maxLoans: 5000, save: null, population: '' });
  });

  it('refuses what it cannot fit, naming the option', () => {
    const cases: [string[], RegExp][] = [
      [['--vintage', '07'], /--vintage is an origination year/],
      [['--model', 'AFT'], /AFT runs untuned/],
      [['--maxLoans', '10'], /--maxLoans must be a whole number between 100 and 50000/],
      [['--save', 'a b'], /--save takes a name/],
      [['--ficoMin', '100'], /ficoMin must be between 300 and 850/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseFitArgs(['--population', ...args])).toThrow(FitUsageError);
      expect(() => parseFitArgs(['--population', ...args])).toThrow(message);
    }
    expect(() => parseFitArgs(['--population', '--nope', '1'])).toThrow(/nope/);
  });
});
