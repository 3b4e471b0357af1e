import { docsKey, IsHttpUrlOrEmpty, IsNumberInRangeOrEmpty, ToBoolean, ToNumber, Trim } from '@app/common';
import { applyDecorators, Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { OptionalField } from '../dto/optional-field';
import { AnyValueField, BodyOf, FieldMap, valueEntries } from './field-declaration';

/** "" skips every check of the property: it clears the field. */
const EmptyClears = () => ValidateIf((_object: object, value: unknown) => value !== '');

const range = (field: AnyValueField): PropertyDecorator[] => [
  ...(field.min === undefined ? [] : [Min(field.min)]),
  ...(field.max === undefined ? [] : [Max(field.max)]),
];

/** The checks of each type, after `OptionalField` (a left-out field is not checked; `null` is refused). */
function checks(field: AnyValueField): PropertyDecorator[] {
  const maxLength = field.maxLength === undefined ? [] : [MaxLength(field.maxLength)];
  switch (field.type) {
    case 'text':
      return [IsString(), ...maxLength];
    case 'url':
      return [IsHttpUrlOrEmpty(), ...maxLength];
    case 'email':
      return [Trim(), IsString(), EmptyClears(), IsEmail(), ...maxLength];
    case 'flag':
      return [ToBoolean(), IsBoolean()];
    case 'number':
      return [ToNumber(), IsNumberInRangeOrEmpty(field.min ?? -Number.MAX_VALUE, field.max ?? Number.MAX_VALUE)];
    case 'integer':
      return [ToNumber(), EmptyClears(), IsInt(), ...range(field)];
  }
}

/** The field's schema in request bodies: what it accepts, "" included where "" clears it. */
function bodySchema(field: AnyValueField, description: { description: string }): ApiPropertyOptions {
  const maxLength = field.maxLength === undefined ? {} : { maxLength: field.maxLength };
  switch (field.type) {
    case 'flag':
      return { type: 'boolean', ...description };
    case 'number':
    case 'integer': {
      const limits = {
        ...(field.min === undefined ? {} : { minimum: field.min }),
        ...(field.max === undefined ? {} : { maximum: field.max }),
      };
      // `type: Object` is what TypeScript reports for `number | ''`: Swagger then writes only the oneOf.
      return {
        type: Object,
        ...description,
        oneOf: [
          { type: field.type, ...limits },
          { type: 'string', enum: [''] },
        ],
      };
    }
    case 'email':
      return { type: 'string', ...description, ...maxLength, format: 'email' };
    default:
      return { type: 'string', ...description, ...maxLength };
  }
}

/**
 * A body field as its declaration says: optional, checked by type and limits, documented
 * (one decorator instead of five, in the manner of immich's composite decorators).
 */
function BodyField(field: AnyValueField, docs: string): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional(bodySchema(field, { description: docsKey(docs) })), OptionalField(), ...checks(field));
}

/**
 * `base` with every writable declared field (but hand-written ones) as an optional, checked and documented body property:
 * `class VenueFieldsDto extends WithBodyFields(PostFieldsDto, VENUE_FIELDS, 'CreateVenueDto') {}`.
 * The create and the update body share the texts of `<docsSchema>.<field>`.
 */
export function WithBodyFields<B extends object, F extends FieldMap>(base: Type<B>, fields: F, docsSchema: string): Type<B & BodyOf<F>> {
  class BodyFields extends (base as Type<object>) {}
  for (const [name, field] of valueEntries(fields)) {
    if (field.writable) BodyField(field, field.docs.body ?? `${docsSchema}.${name}`)(BodyFields.prototype, name);
  }
  return BodyFields as Type<B & BodyOf<F>>;
}
