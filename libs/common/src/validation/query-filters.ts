import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsArray, IsBoolean, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ToBoolean, ToInt, ToIntArray } from './transforms';
import { HasNoControlCharacters } from './validators';

/*
 * The optional list filters several list queries share, each one validation and one documented shape.
 * The documented minimum is declared here because the Swagger plugin reads `@Min` only where it is
 * written on the property itself.
 */

/** An optional record ID (an integer from 1). */
export function OptionalIdFilter(): PropertyDecorator {
  return applyDecorators(IsOptional(), ToInt(), IsInt(), Min(1), ApiProperty({ minimum: 1 }));
}

/** An optional list of record IDs (`1,2` or `x[]=1&x[]=2`), each an integer from 1. */
export function OptionalIdListFilter(): PropertyDecorator {
  return applyDecorators(IsOptional(), ToIntArray(), IsArray(), IsInt({ each: true }), Min(1, { each: true }), ApiProperty({ minimum: 1 }));
}

/** An optional true/false filter, read loosely (true/false, 1/0, yes/no). */
export function OptionalBooleanFilter(): PropertyDecorator {
  return applyDecorators(IsOptional(), ToBoolean(), IsBoolean());
}

/** Optional search text: a string without control characters. */
export function OptionalSearchText(): PropertyDecorator {
  return applyDecorators(IsOptional(), IsString(), HasNoControlCharacters());
}

/** An optional date, any form the date input reads; the service parses it so the error can name the parameter. */
export function OptionalDateFilter(): PropertyDecorator {
  return applyDecorators(IsOptional(), Allow());
}
