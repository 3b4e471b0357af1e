import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

/** `data` of an error body. */
@ApiSchema({ name: 'ErrorData' })
export class ErrorData {
  /** HTTP status code of the response. */
  @ApiProperty({ type: 'integer' })
  status: number;

  /** The parameters at fault: a list of missing names, or an object with a reason per invalid name. */
  @ApiProperty({
    required: false,
    oneOf: [
      { type: 'array', items: { type: 'string' } },
      { type: 'object', additionalProperties: { type: 'string' } },
    ],
  })
  params?: string[] | Record<string, string>;

  /** Further details of the failure, where there are any. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  details?: Record<string, unknown>;
}

/** Every error answers with this body (docs/api-rules.md, Errors). */
@ApiSchema({ name: 'Error' })
export class ErrorBody {
  /** Stable machine-readable code, e.g. `rest_invalid_param`. */
  code: string;

  /** What went wrong, in the request's language. */
  message: string;

  /** Status code and details. */
  data: ErrorData;
}
