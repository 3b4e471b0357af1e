import { cleanHtml, Errors, FieldErrors, parseDateInput, zoneByName } from '@app/common';
import { PostRecord, WritableStatus } from '@app/domain';
import { PostFieldsDto } from './dto/post-fields.dto';
import { ImageChoice } from './images.service';
import { canAssignAuthor, canRequestStatus, effectiveStatus, statusToStore } from './post-permissions';
import { PostRecordTools } from './post-record-tools';
import type { FieldsContext } from './post-records.service';
import { wholeSeconds } from './publication-date';
import { fitTextColumn } from './text-column';

/**
 * The fields every post-like kind shares (author, publication date, status, description, image,
 * password), applied in memory with every bad one recorded in `context.errors`. Returns the image
 * to store when the body names one: it is written only once the whole body has passed.
 */
export async function applyCommonFields(
  tools: PostRecordTools,
  record: PostRecord,
  dto: PostFieldsDto,
  context: FieldsContext,
): Promise<ImageChoice | undefined> {
  const { user, now, isCreate, errors } = context;
  // A right, not a field's value: 403 at once (contributors may not set `private`).
  if (!canRequestStatus(user, dto.status)) throw Errors.forbidden();
  if (dto.author !== undefined && dto.author !== record.authorId) {
    if (!canAssignAuthor(user, dto.author)) throw Errors.forbidden();
    if (await tools.users.findById(dto.author)) record.authorId = dto.author;
    else errors.invalidParam('author', 'validation.userExists');
  }
  const published = publicationDate(dto, tools.config.siteTimezone, errors);
  if (published) record.publishedUtc = published;
  // A trashed record stays in trash until an update names a status (that is the restore).
  const trashedAndUntouched = record.status === 'trash' && dto.status === undefined;
  if (!trashedAndUntouched && (isCreate || dto.status !== undefined || published)) {
    const requested = dto.status ?? (isCreate ? undefined : (record.status as WritableStatus));
    record.status = statusToStore(user, requested, record.publishedUtc, now);
  }
  if (effectiveStatus(record, now) === 'publish') record.wasPublished = true;
  const description = dto.description;
  if (description !== undefined) errors.check(() => (record.description = fitTextColumn('description', cleanHtml(description))));
  if (dto.password !== undefined) record.password = dto.password === '' ? null : dto.password;
  record.modifiedUtc = now;
  return dto.image === undefined ? undefined : errors.checkAsync(() => tools.images.check(dto.image, context));
}

/** `date_utc` (UTC) wins over `date` (site time zone); both accept every form of docs/api-rules.md, Writes. */
function publicationDate(dto: PostFieldsDto, siteTimezone: string, errors: FieldErrors): Date | null {
  const now = new Date();
  let published: Date | null = null;
  for (const [field, zone] of [
    ['date_utc', 'UTC'],
    ['date', siteTimezone],
  ] as const) {
    const value = dto[field];
    if (value === undefined || value === '') continue;
    const parsed = parseDateInput(value, zoneByName(zone), now);
    if (!parsed) errors.invalidParam(field, 'validation.date');
    else published ??= wholeSeconds(parsed);
  }
  return published;
}
