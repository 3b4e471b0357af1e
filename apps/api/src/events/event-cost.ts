/**
 * Display form and details of a cost (contract §2).
 * TODO(dates): delegate to the shared cost module of libs/common once it lands.
 */
export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: 'prefix' | 'postfix' | '';
  values: string[];
}

export function costFields(cost: string): { cost: string; cost_details: CostDetails } {
  const values = [...cost.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => String(Number(m[0].replace(',', '.'))));
  const symbol = cost.replace(/[\d.,\s–-]+/g, '').trim();
  const position = symbol === '' ? '' : /^\s*\d/.test(cost) ? 'postfix' : 'prefix';
  return {
    cost,
    cost_details: {
      currency_symbol: symbol,
      currency_code: '',
      currency_position: position,
      values: values.sort((a, b) => Number(a) - Number(b)),
    },
  };
}
