import { ApiProperty } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { docsKey } from './docs-key';

/** Documents a property as the named schema (see `NAMED_INPUT_SCHEMAS`). */
export const ApiNamedSchema = (name: string): PropertyDecorator => ApiProperty({ allOf: [{ $ref: `#/components/schemas/${name}` }] });

/**
 * Input shapes several bodies share, named once in the document so that generated clients get
 * one type for each (`components['schemas']['DateInput']`) instead of an anonymous union per field.
 * The API document adds them to its components; apps add their own beside them.
 */
export const NAMED_INPUT_SCHEMAS: Record<string, SchemaObject> = {
  DateInput: {
    description: docsKey('schemas.DateInput'),
    oneOf: [{ type: 'string' }, { type: 'integer' }],
  },
  ImageInput: {
    description: docsKey('schemas.ImageInput'),
    oneOf: [
      { type: 'string' },
      { type: 'integer' },
      { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      { type: 'boolean', enum: [false] },
    ],
  },
};
