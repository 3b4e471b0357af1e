import { AuthenticatedUser, FieldErrors, ParamReason, splitList, validationExceptionFactory } from '@app/common';
import { PostRecord } from '@app/domain';
import { canReadLive, PostDraft, PostFieldsDto, PostRecordsService } from '@app/posts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { EntityManager } from 'typeorm';

/** `""`, null, one value, a comma-separated list or an array: the items an event body names. */
export function referenceList(input: unknown): unknown[] {
  if (input === null || input === '' || input === undefined) return [];
  if (Array.isArray(input)) return input;
  if (typeof input === 'string') return splitList(input);
  return [input];
}

function isZeroId(value: unknown): boolean {
  return value === 0 || (typeof value === 'string' && /^\s*0+\s*$/.test(value));
}

/** One checked venue or organizer reference: an existing record, or a new one to write. */
export type PlaceReference<T extends PostRecord, D extends PostFieldsDto> = { id: number } | { draft: PostDraft<T, D> };

type PlaceService<T extends PostRecord, D extends PostFieldsDto> = Pick<PostRecordsService<T, D>, 'findByRef' | 'draftNew' | 'insertDraft'>;

/** A record an event may link to: one the caller may read, not in trash. */
function isLinkable(user: AuthenticatedUser, record: PostRecord | null): boolean {
  return record !== null && canReadLive(user, record, new Date());
}

/**
 * Venue or organizer references of an event body (docs/api-rules.md, Writes): an ID, `{id}` (other keys are
 * ignored: an event never edits a linked record), or an object without `id`, a new record checked
 * here with the event (its bad fields named like `venue[city]`) and written by
 * `insertPlaceReferences`. Nothing is written here.
 */
export async function draftPlaceReferences<T extends PostRecord, D extends PostFieldsDto>(options: {
  manager: EntityManager;
  input: unknown;
  field: string;
  user: AuthenticatedUser;
  service: PlaceService<T, D>;
  createDto: new () => D;
  errors: FieldErrors;
}): Promise<Array<PlaceReference<T, D>>> {
  const { manager, input, field, user, service, createDto, errors } = options;
  const references: Array<PlaceReference<T, D>> = [];
  for (const item of referenceList(input)) {
    const ref = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
    let rawId = ref ? ref.id : item;
    // ID 0 names no record, as in the plugin: `venue: 0` (or `[0]`) removes the venue as `[]` does,
    // and `{id: 0, ...}` is an object without an ID.
    if (isZeroId(rawId)) {
      if (!ref) continue;
      rawId = undefined;
    }
    if (rawId !== undefined && rawId !== null && rawId !== '') {
      if (!(typeof rawId === 'number' || (typeof rawId === 'string' && /^\d+$/.test(rawId.trim())))) {
        errors.invalidParam(field, 'validation.reference');
      } else if (!isLinkable(user, await service.findByRef({ id: Number(rawId) }, manager))) {
        // Another user's draft or anything in trash answers like a missing ID: linking must neither
        // work nor confirm that the ID exists.
        errors.invalidParam(field, 'validation.recordExists');
      } else {
        references.push({ id: Number(rawId) });
      }
      continue;
    }
    if (!ref) {
      errors.invalidParam(field, 'validation.reference');
      continue;
    }
    const dto = await checkedBody(createDto, ref, errors.nested(field));
    if (dto) references.push({ draft: await service.draftNew(manager, user, dto, errors.nested(field)) });
  }
  return references;
}

/** Writes the new records of checked references; returns the IDs in the given order, without repeats. */
export async function insertPlaceReferences<T extends PostRecord, D extends PostFieldsDto>(
  manager: EntityManager,
  user: AuthenticatedUser,
  service: PlaceService<T, D>,
  references: Array<PlaceReference<T, D>>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const reference of references) {
    ids.push('id' in reference ? reference.id : (await service.insertDraft(manager, user, reference.draft)).record.id);
  }
  return [...new Set(ids)];
}

/**
 * An inline record's body validated as its own create body would be. Its invalid fields are
 * recorded and dropped, so its other fields are still checked; with a required field missing
 * there is nothing to check it against, and undefined is returned.
 */
async function checkedBody<D extends object>(
  type: new () => D,
  plain: Record<string, unknown>,
  errors: FieldErrors,
): Promise<D | undefined> {
  const dto = plainToInstance(type, plain);
  const found = await validate(dto, { whitelist: true, validationError: { target: true, value: true } });
  if (found.length === 0) return dto;
  const error = validationExceptionFactory(found);
  errors.record(error);
  if (error.code !== 'rest_invalid_param') return undefined;
  for (const name of Object.keys(error.details.params as Record<string, ParamReason>))
    delete (dto as Record<string, unknown>)[name.split('[', 1)[0]];
  return dto;
}
