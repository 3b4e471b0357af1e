import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** A featured image as returned (docs/api-rules.md, Records as returned). */
@ApiSchema({ name: 'Image' })
export class ImageResponse {
  /** Address of the image file. */
  url: string;

  /** Image ID; send it as `image` to reuse the image. */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** File extension taken from the URL, e.g. `jpg`; "" when it has none. */
  extension: string;

  /** Width in pixels; null when unknown. */
  @ApiProperty({ type: 'integer', nullable: true })
  width: number | null;

  /** Height in pixels; null when unknown. */
  @ApiProperty({ type: 'integer', nullable: true })
  height: number | null;

  /** Resized versions; always empty, this service does not resize images. */
  @ApiProperty({ type: 'object', properties: {} })
  sizes: Record<string, never>;
}
