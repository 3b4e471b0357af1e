import { describeRules, itReturnsNull } from '../../test/table-tests';
import { readCostEntries } from './cost-entries';

describe('readCostEntries', () => {
  it('reads a bare number', () => {
    expect(readCostEntries('25')).toEqual([{ number: '25', symbol: '', position: '', spaced: false }]);
  });

  it('reads a prefix symbol with its spacing', () => {
    expect(readCostEntries('$25')).toEqual([{ number: '25', symbol: '$', position: 'prefix', spaced: false }]);
    expect(readCostEntries('US$ 25')).toEqual([{ number: '25', symbol: 'US$', position: 'prefix', spaced: true }]);
  });

  it('reads a postfix symbol with its spacing', () => {
    expect(readCostEntries('25 €')).toEqual([{ number: '25', symbol: '€', position: 'postfix', spaced: true }]);
    expect(readCostEntries('25€')).toEqual([{ number: '25', symbol: '€', position: 'postfix', spaced: false }]);
    expect(readCostEntries('25 kr.')).toEqual([{ number: '25', symbol: 'kr.', position: 'postfix', spaced: true }]);
  });
});

describeRules('readCostEntries, the prices', (text: string) => readCostEntries(text)?.map((entry) => entry.number), {
  'of a range, whatever the dash or word between them': [
    ['10 - 20', ['10', '20']],
    ['10-20', ['10', '20']],
    ['10 – 20', ['10', '20']],
    ['10 — 20', ['10', '20']],
    ['10 to 20', ['10', '20']],
    ['10 TO 20', ['10', '20']],
  ],
  'of a list': [
    ['10, 20, 30', ['10', '20', '30']],
    ['10; 20', ['10', '20']],
    ['10 / 20', ['10', '20']],
  ],
  'with one symbol on either or both': [
    ['$10 - $20', ['10', '20']],
    ['$10 - 20', ['10', '20']],
    ['10 € - 20 €', ['10', '20']],
    ['€25,50 - €30', ['25,50', '30']],
  ],
});

describe('readCostEntries', () => {
  itReturnsNull('refuses %p', readCostEntries, [
    '',
    'Free',
    'Donation',
    '$',
    'From 10 to 20 EUR',
    '25 (students 10)',
    '$10 - 20 €',
    '$10 - 20$',
    '$25$',
    '10 - - 20',
    '- 10',
    '10 -',
    '10 20',
    'Free - $20',
    '25.-',
  ]);
});
