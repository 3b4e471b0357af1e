import { CostDetails } from './cost-details.dto';
import { parseCost } from './parse-cost';

const details = (symbol: string, position: CostDetails['currency_position'], values: string[]): CostDetails => ({
  currency_symbol: symbol,
  currency_code: '',
  currency_position: position,
  values,
});

describe('parseCost', () => {
  it.each([
    ['25', '25', details('', '', ['25'])],
    ['$25', '$25', details('$', 'prefix', ['25'])],
    ['25 €', '25 €', details('€', 'postfix', ['25'])],
    ['25€', '25€', details('€', 'postfix', ['25'])],
    ['€25,50', '€25,50', details('€', 'prefix', ['25.5'])],
    ['€25.50', '€25.50', details('€', 'prefix', ['25.5'])],
    ['CHF 25', 'CHF 25', details('CHF', 'prefix', ['25'])],
    ['10 - 20', '10 – 20', details('', '', ['10', '20'])],
    ['20 - 10', '10 – 20', details('', '', ['10', '20'])],
    ['$10 - $20', '$10 – $20', details('$', 'prefix', ['10', '20'])],
    ['$10 - 20', '$10 – $20', details('$', 'prefix', ['10', '20'])],
    ['10 € - 20 €', '10 € – 20 €', details('€', 'postfix', ['10', '20'])],
    ['10 - 20 €', '10 € – 20 €', details('€', 'postfix', ['10', '20'])],
    ['10, 20, 30', '10 – 30', details('', '', ['10', '20', '30'])],
    ['30, 10, 20, 10', '10 – 30', details('', '', ['10', '20', '30'])],
    ['$30, $10.50, $20', '$10.50 – $30', details('$', 'prefix', ['10.5', '20', '30'])],
    ['25,50, 25.50', '25,50', details('', '', ['25.5'])],
    ['0', 'Free', details('', '', ['0'])],
    ['$0', 'Free', details('$', 'prefix', ['0'])],
    ['0.00 €', 'Free', details('€', 'postfix', ['0'])],
    ['0 - 20', 'Free – 20', details('', '', ['0', '20'])],
    ['$0 - $20', 'Free – $20', details('$', 'prefix', ['0', '20'])],
    ['20 €, 0 €', 'Free – 20 €', details('€', 'postfix', ['0', '20'])],
    ['1,000 - 2,500.50 $', '1,000 $ – 2,500.50 $', details('$', 'postfix', ['1000', '2500.5'])],
    ['  $25  ', '$25', details('$', 'prefix', ['25'])],
  ])('%p shows as %p', (input, display, expected) => {
    expect(parseCost(input)).toEqual({ cost: display, cost_details: expected });
  });

  it.each([
    [25, '25', ['25']],
    [25.5, '25.5', ['25.5']],
    [0, 'Free', ['0']],
  ])('reads the number %p', (input, display, values) => {
    expect(parseCost(input)).toEqual({ cost: display, cost_details: details('', '', values) });
  });

  it('reads a list like its comma-separated string', () => {
    expect(parseCost(['$10', '$20'])).toEqual(parseCost('$10, $20'));
    expect(parseCost([10, 20, ''])).toEqual({ cost: '10 – 20', cost_details: details('', '', ['10', '20']) });
  });

  it.each([
    ['Free', []],
    ['Donation', []],
    ['From 10 to 20 EUR', ['10', '20']],
    ['25 (students 10)', ['10', '25']],
    ['$10 - 20 €', ['10', '20']],
    ['Free - $20', ['20']],
  ])('shows the free text %p as written', (input, values) => {
    expect(parseCost(input)).toEqual({ cost: input, cost_details: details('', '', values) });
  });

  it.each(['', '   ', null, undefined, NaN, Infinity, {}, true, []])('gives an empty cost for %p', (input) => {
    expect(parseCost(input)).toEqual({ cost: '', cost_details: details('', '', []) });
  });
});
