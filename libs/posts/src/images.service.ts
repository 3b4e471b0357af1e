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

/**
 * `image` is an image ID or a URL (contract §4). A URL becomes an image record, so the same
 * image can later be referenced by ID; nothing is downloaded, so width and height stay unknown.
 */
@Injectable()
export class ImagesService {
  constructor(private readonly images: ImagesRepository) {}

  /** The image ID to store: null for "" / null (clears), else an existing or newly recorded image. */
  async resolve(manager: EntityManager, input: unknown, field = 'image'): Promise<number | null> {
    if (input === null || input === '' || input === 0 || input === '0' || input === false) return null;
    const asText = typeof input === 'number' ? String(input) : input;
    if (typeof asText !== 'string') throw Errors.invalidParam(field, 'validation.image');
    if (/^\d+$/.test(asText)) {
      if (!(await this.images.exists(Number(asText), manager))) throw Errors.invalidParam(field, 'validation.imageExists');
      return Number(asText);
    }
    if (!isHttpUrl(asText) || asText.length > 2048) throw Errors.invalidParam(field, 'validation.image');
    const image = await this.images.insert(
      { url: asText, extension: extensionOf(asText), width: null, height: null, createdUtc: wholeSeconds() },
      manager,
    );
    return image.id;
  }
}
