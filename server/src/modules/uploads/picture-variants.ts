import sharp from 'sharp';
import type { UploadMimeType } from '@marketplace/shared/contracts';

/**
 * Widths (pixels) an uploaded picture is served in besides its own (docs/decisions/0005-installable-offline.md, data saver): a client asks
 * `?w=<width>` and gets the smallest step at least that wide (the widest for more), so a handful of
 * variants per picture is ever made and kept.
 */
export const PICTURE_WIDTHS = [160, 320, 640, 1080] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** `?w=`: 1 to 4 digits, no sign, no fraction, no leading zero. Anything else is refused (400). */
export const WIDTH_PARAM = /^[1-9]\d{0,3}$/;

export const pictureStep = (width: number): PictureWidth =>
  PICTURE_WIDTHS.find((step) => step >= width) ?? PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]!;

/** WebP where the browser says it takes it (every current one does), else JPEG. */
export type VariantFormat = 'webp' | 'jpeg';
export const variantFormat = (accept: string | undefined): VariantFormat =>
  accept?.includes('image/webp') ? 'webp' : 'jpeg';

/** The stored name of a variant, next to the original (`<id>`) in the same store. */
export const variantName = (id: string, width: PictureWidth, format: VariantFormat) => `${id}.w${width}.${format}`;

/** Every name a variant of `id` may have: removed with the original. */
export const variantNames = (id: string): string[] =>
  PICTURE_WIDTHS.flatMap((width) => (['webp', 'jpeg'] as const).map((format) => variantName(id, width, format)));

/**
 * Still pictures only: an animated GIF would lose its animation (and costs far more to re-encode), and
 * anything not sniffed as a picture is served as it is.
 */
export const RESIZABLE: ReadonlySet<UploadMimeType> = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** 5 MB of JPEG can hold a huge canvas: decoding is refused past this many pixels (50 Mpx). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The picture `width` pixels wide (its EXIF orientation applied, metadata such as GPS dropped), or null
 * when it is not wider than that already (never upscaled: the original is served). Throws when the
 * bytes do not decode.
 */
export const resizePicture = async (
  bytes: Buffer,
  width: PictureWidth,
  format: VariantFormat,
): Promise<Buffer | null> => {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  const meta = await image.metadata();
  const shownWidth = meta.autoOrient?.width ?? meta.width;
  if (!shownWidth || shownWidth <= width) return null;
  const resized = image.resize({ width, withoutEnlargement: true });
  return format === 'webp'
    ? resized.webp({ quality: 75, effort: 4 }).toBuffer()
    : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 75, mozjpeg: true }).toBuffer();
};
