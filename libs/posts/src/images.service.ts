import { Errors } from '@app/common';
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

/** What a body's `image` asks for, checked but not yet stored. */
export type ImageChoice = { kind: 'none' } | { kind: 'id'; id: number } | { kind: 'url'; url: string };

/**
 * `image` is an image ID or a URL (docs/api-rules.md, Writes). A URL becomes an image record, so the same
 * image can later be referenced by ID; nothing is downloaded, so width and height stay unknown.
 * Checking and storing are separate steps: a request writes nothing until every field is checked.
 */
@Injectable()
export class ImagesService {
  constructor(private readonly images: ImagesRepository) {}

  /** What `input` asks for: none for "" / null (clears), an existing image, or a URL to record. */
  async check(manager: EntityManager, input: unknown, field = 'image'): Promise<ImageChoice> {
    if (input === null || input === '' || input === 0 || input === '0' || input === false) return { kind: 'none' };
    const asText = typeof input === 'number' ? String(input) : input;
    if (typeof asText !== 'string') throw Errors.invalidParam(field, 'validation.image');
    if (/^\d+$/.test(asText)) {
      if (!(await this.images.exists(Number(asText), manager))) throw Errors.invalidParam(field, 'validation.imageExists');
      return { kind: 'id', id: Number(asText) };
    }
    if (!isHttpUrl(asText) || asText.length > 2048) throw Errors.invalidParam(field, 'validation.image');
    return { kind: 'url', url: asText };
  }

  /** The image ID to store for a checked choice; a URL is recorded now. */
  async store(manager: EntityManager, choice: ImageChoice): Promise<number | null> {
    if (choice.kind === 'none') return null;
    if (choice.kind === 'id') return choice.id;
    const image = await this.images.insert(
      { url: choice.url, extension: extensionOf(choice.url), width: null, height: null, createdUtc: wholeSeconds() },
      manager,
    );
    return image.id;
  }
}
