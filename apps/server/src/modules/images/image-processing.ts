import { imageMessages } from '@shop/shared';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors.js';

/** Larger claims are refused before any pixel is decoded (a 50000x50000 "image" is a memory bomb). */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_MAX_DIMENSION = 1600;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

const unsupported = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', imageMessages.unsupported);

/**
 * Decides the type from the bytes themselves, never from the name or the declared type, and
 * re-encodes to WebP: what is stored is always an image we made, without metadata such as GPS.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError(400, 'BAD_REQUEST', 'The image file is empty');
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  // sharp reads AVIF through libheif and reports it as "heif"; HEIC photos are not accepted.
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.format === 'heif' && !isAvif)) {
    throw unsupported();
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw unsupported();
  if (width * height > IMAGE_MAX_INPUT_PIXELS) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The image has too many pixels. Please choose one under 40 megapixels.');
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: IMAGE_MAX_DIMENSION, height: IMAGE_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new AppError(400, 'BAD_REQUEST', 'The image could not be read. It may be damaged.');
  }
}
