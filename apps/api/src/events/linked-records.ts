import { AuthenticatedUser, Errors, splitList, validationExceptionFactory } from '@app/common';
import { PostRecord } from '@app/domain';
import { canReadLive, PostFieldsDto, PostRecordsService } from '@app/posts';
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

/**
 * Venue or organizer references of an event body (contract §4): an ID, `{id}` (other keys are
 * ignored: an event never edits a linked record), or an object without `id`, created in the
 * event's transaction with duplicate avoidance. Returns IDs in the given order, without repeats.
 * An ID of a record the caller may not read (another user's draft, anything in trash) gets the
 * same 400 as a missing one: linking must neither work nor confirm that the ID exists.
 */
export async function resolvePostReferences<D extends PostFieldsDto>(options: {
  manager: EntityManager;
  input: unknown;
  field: string;
  user: AuthenticatedUser;
  service: Pick<PostRecordsService<PostRecord, D>, 'findByRef' | 'createIn'>;
  createDto: new () => D;
}): Promise<number[]> {
  const { manager, input, field, user, service, createDto } = options;
  const ids: number[] = [];
  for (const item of referenceList(input)) {
    const ref = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
    const rawId = ref ? ref.id : item;
    if (rawId !== undefined && rawId !== null && rawId !== '') {
      if (!(typeof rawId === 'number' || (typeof rawId === 'string' && /^\d+$/.test(rawId.trim())))) {
        throw Errors.invalidParam(field, 'validation.reference');
      }
      const linked = await service.findByRef({ id: Number(rawId) }, manager);
      if (!linked || !canReadLive(user, linked, new Date())) throw Errors.invalidParam(field, 'validation.recordExists');
      ids.push(Number(rawId));
      continue;
    }
    if (!ref) throw Errors.invalidParam(field, 'validation.reference');
    const dto = plainToInstance(createDto, ref);
    const errors = await validate(dto, { whitelist: true });
    if (errors.length > 0) throw validationExceptionFactory(errors, field);
    const { record } = await service.createIn(manager, user, dto);
    ids.push(record.id);
  }
  return [...new Set(ids)];
}
