import { AuthenticatedUser, Errors } from '@app/common';
import { ImagesRepository } from '@app/domain';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { wholeSeconds } from './publication-date';

export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

function extensionOf(url: string): string {
  const match = /\.([a-z0-9]{1,10})$/i.exec(new URL(url).pathname);
  return match ? match[1].toLowerCase() : '';
}

/** What a body's `image` asks for, checked but not yet stored: a URL is recorded for its owner. */
export type ImageChoice = { kind: 'none' } | { kind: 'id'; id: number } | { kind: 'url'; url: string; ownerId: number };

/** Who names an image, and where: the writer, the write's transaction, the moment it reads at. */
interface ImageWriter {
  user: AuthenticatedUser;
  manager: EntityManager;
  now: Date;
}

/** As in WordPress, where contributors may not upload: they link images already stored only. */
const mayAddImages = (user: AuthenticatedUser): boolean => user.role !== 'contributor';

/**
 * `image` is an image ID or a URL. A URL becomes an image record, so the same image can later
 * be referenced by ID; nothing is downloaded, so width and height stay unknown.
 * An image is linkable by the user who recorded it and by whoever may open a record that shows
 * it; any other image answers exactly as a missing one, so that IDs cannot be walked to read the
 * images of hidden records. Checking and storing are separate steps: a request writes nothing
 * until every field is checked.
 */
@Injectable()
export class ImagesService {
  constructor(private readonly images: ImagesRepository) {}

  /**
   * What `input` asks for: none for "" / null (clears), an image the writer may link (by ID, or a
   * URL already recorded that they may link), or a URL to record as their own.
   */
  async check(input: unknown, writer: ImageWriter, field = 'image'): Promise<ImageChoice> {
    if (input === null || input === '' || input === 0 || input === '0' || input === false) return { kind: 'none' };
    const asText = typeof input === 'number' ? String(input) : input;
    if (typeof asText !== 'string') throw Errors.invalidParam(field, 'validation.image');
    if (/^\d+$/.test(asText)) {
      const asId = Number(asText);
      // Digits beyond any integer name no image (and would reach the database as "Infinity").
      const id = Number.isSafeInteger(asId) ? await this.images.findLinkable({ id: asId }, writer.user, writer.now, writer.manager) : null;
      if (id === null) throw Errors.invalidParam(field, 'validation.imageExists');
      return { kind: 'id', id };
    }
    if (!isHttpUrl(asText) || asText.length > 2048) throw Errors.invalidParam(field, 'validation.image');
    // One the writer may not link is passed over: the URL is then new to them, and recorded as
    // theirs, so that the answer does not tell that someone else recorded it.
    const stored = await this.images.findLinkable({ url: asText }, writer.user, writer.now, writer.manager);
    if (stored !== null) return { kind: 'id', id: stored };
    if (!mayAddImages(writer.user)) throw Errors.invalidParam(field, 'validation.imageByUrl');
    return { kind: 'url', url: asText, ownerId: writer.user.id };
  }

  /** The image ID to store for a checked choice; a URL is recorded now. */
  async store(manager: EntityManager, choice: ImageChoice): Promise<number | null> {
    if (choice.kind === 'none') return null;
    if (choice.kind === 'id') return choice.id;
    const image = await this.images.insert(
      {
        url: choice.url,
        ownerId: choice.ownerId,
        extension: extensionOf(choice.url),
        width: null,
        height: null,
        createdUtc: wholeSeconds(),
      },
      manager,
    );
    return image.id;
  }
}
