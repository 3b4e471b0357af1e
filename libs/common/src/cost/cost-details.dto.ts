import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** The parts of an event's cost. */
@ApiSchema({ name: 'CostDetails' })
export class CostDetails {
  /** Currency symbol as given with the cost, e.g. `€`; "" when none was given. */
  currency_symbol: string;

  /** Always "": this service knows no currency codes. */
  @ApiProperty({ enum: [''] })
  currency_code: '';

  /** Whether the symbol stands before (`prefix`) or after (`postfix`) the amount; "" without a symbol. */
  @ApiProperty({ enum: ['prefix', 'postfix', ''] })
  currency_position: 'prefix' | 'postfix' | '';

  /** The prices as decimal strings with a dot, ascending, e.g. ["10", "25.5"]. */
  values: string[];
}
