import { RESPONSIVE_IMAGE_WIDTHS } from '@shop/shared';
import sharp from 'sharp';

/** The names of the renditions `responsiveVariants` makes, as the storage files them beside the image. */
export const RESPONSIVE_VARIANT_NAMES: readonly string[] = RESPONSIVE_IMAGE_WIDTHS.map((width) => `${width}w`);

/** The smaller renditions of a stored image, so pages load no more pixels than they show. */
export async function responsiveVariants(main: Buffer): Promise<Record<string, Buffer>> {
  const variants: Record<string, Buffer> = {};
  for (const width of RESPONSIVE_IMAGE_WIDTHS) {
    variants[`${width}w`] = await sharp(main).resize({ width, withoutEnlargement: true }).webp({ quality: 75, effort: 4 }).toBuffer();
  }
  return variants;
}
