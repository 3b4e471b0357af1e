import { describeRules } from '../../test/table-tests';
import { CostDetails } from './cost-details.dto';
import { parseCost } from './parse-cost';

const details = (symbol: string, position: CostDetails['currency_position'], values: string[]): CostDetails => ({
  currency_symbol: symbol,
  currency_code: '',
  currency_position: position,
  values,
});

/** What parseCost answers: the cost as shown and its details. */
const shown = (cost: string, symbol: string, position: CostDetails['currency_position'], values: string[]) => ({
  cost,
  cost_details: details(symbol, position, values),
});

describeRules('parseCost shows', (input: string) => parseCost(input), {
  'one price, as written': [
    ['25', shown('25', '', '', ['25'])],
    ['$25', shown('$25', '$', 'prefix', ['25'])],
    ['25 €', shown('25 €', '€', 'postfix', ['25'])],
    ['25€', shown('25€', '€', 'postfix', ['25'])],
    ['€25,50', shown('€25,50', '€', 'prefix', ['25.5'])],
    ['€25.50', shown('€25.50', '€', 'prefix', ['25.5'])],
    ['CHF 25', shown('CHF 25', 'CHF', 'prefix', ['25'])],
    ['  $25  ', shown('$25', '$', 'prefix', ['25'])],
  ],
  'a range: lowest – highest, an en dash between, the symbol on both': [
    ['10 - 20', shown('10 – 20', '', '', ['10', '20'])],
    ['20 - 10', shown('10 – 20', '', '', ['10', '20'])],
    ['$10 - $20', shown('$10 – $20', '$', 'prefix', ['10', '20'])],
    ['$10 - 20', shown('$10 – $20', '$', 'prefix', ['10', '20'])],
    ['10 € - 20 €', shown('10 € – 20 €', '€', 'postfix', ['10', '20'])],
    ['10 - 20 €', shown('10 € – 20 €', '€', 'postfix', ['10', '20'])],
    ['1,000 - 2,500.50 $', shown('1,000 $ – 2,500.50 $', '$', 'postfix', ['1000', '2500.5'])],
  ],
  'a list: its lowest – highest': [
    ['10, 20, 30', shown('10 – 30', '', '', ['10', '20', '30'])],
    ['30, 10, 20, 10', shown('10 – 30', '', '', ['10', '20', '30'])],
    ['$30, $10.50, $20', shown('$10.50 – $30', '$', 'prefix', ['10.5', '20', '30'])],
    ['25,50, 25.50', shown('25,50', '', '', ['25.5'])],
  ],
  'zero: Free': [
    ['0', shown('Free', '', '', ['0'])],
    ['$0', shown('Free', '$', 'prefix', ['0'])],
    ['0.00 €', shown('Free', '€', 'postfix', ['0'])],
    ['0 - 20', shown('Free – 20', '', '', ['0', '20'])],
    ['$0 - $20', shown('Free – $20', '$', 'prefix', ['0', '20'])],
    ['20 €, 0 €', shown('Free – 20 €', '€', 'postfix', ['0', '20'])],
  ],
});

describe('parseCost', () => {
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
