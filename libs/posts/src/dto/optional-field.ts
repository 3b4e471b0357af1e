import { ValidateIf } from 'class-validator';

/**
 * A body field that may be left out. Unlike @IsOptional, which skips validation for `null` too,
 * a `null` is validated like any other value: JSON `null` for a text, flag or ID is a 400
 * `rest_invalid_param`, never a value the service has to guard against.
 */
export const OptionalField = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);
