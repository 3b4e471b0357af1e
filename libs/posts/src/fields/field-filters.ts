import { docsKey, HasNoControlCharacters, QueryValue, ToBoolean, ToNumber } from '@app/common';
import { ColumnFilter } from '@app/domain';
import { applyDecorators, Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';
import { AnyValueField, FieldFilterDeclaration, FieldMap, isTextType, valueEntries } from './field-declaration';

type Filtered = [string, AnyValueField & { filter: FieldFilterDeclaration }];

const filtered = (fields: FieldMap): Filtered[] => valueEntries(fields).filter((entry): entry is Filtered => !!entry[1].filter);

/** The query parameter of a declared filter: converted, checked and documented by the field's type. */
function FilterParam(field: AnyValueField, filter: FieldFilterDeclaration, listOperation: string): PropertyDecorator {
  const description = { description: docsKey(filter.docs ?? `${listOperation}.parameters.${filter.param}`) };
  const example = filter.example === undefined ? {} : { example: filter.example };
  const typed: Record<string, PropertyDecorator[]> = {
    flag: [ToBoolean(), IsBoolean()],
    number: [ToNumber(), IsNumber()],
    integer: [ToNumber(), IsInt()],
  };
  const type: 'string' | 'boolean' | 'number' | 'integer' = isTextType(field.type)
    ? 'string'
    : field.type === 'flag'
      ? 'boolean'
      : (field.type as 'number' | 'integer');
  return applyDecorators(
    ApiPropertyOptional({ type, ...description, ...example }),
    IsOptional(),
    ...(typed[field.type] ?? [IsString(), HasNoControlCharacters()]),
  );
}

/**
 * `base` with the query parameter of every declared filter, documented by `<listOperation>.parameters.<param>`:
 * `class ListVenuesQuery extends WithFieldFilters(ListPostsQuery, VENUE_FIELDS, 'venues_list') {}`.
 */
export function WithFieldFilters<B extends object>(base: Type<B>, fields: FieldMap, listOperation: string): Type<B> {
  class FilterParams extends (base as Type<object>) {}
  for (const [, field] of filtered(fields)) FilterParam(field, field.filter, listOperation)(FilterParams.prototype, field.filter.param);
  return FilterParams as Type<B>;
}

/** The declared filters a list query sets, as the repository applies them. */
export function columnFilters(query: object, fields: FieldMap): ColumnFilter[] {
  return filtered(fields).flatMap(([, field]) => {
    const value = (query as Record<string, unknown>)[field.filter.param] as ColumnFilter['value'] | undefined;
    if (value === undefined) return [];
    return [{ property: field.column, op: field.filter.op, value, hiddenWhenLocked: !field.shownWhenLocked }];
  });
}

/** The declared filters a list query sets, as its `rest_url` repeats them. */
export function filterEcho(query: object, fields: FieldMap): Record<string, QueryValue> {
  return Object.fromEntries(
    filtered(fields).map(([, field]) => [field.filter.param, (query as Record<string, QueryValue>)[field.filter.param]]),
  );
}
