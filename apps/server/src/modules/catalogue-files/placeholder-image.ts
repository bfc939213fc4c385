import { categoryKey } from '@shop/shared';
import { PRODUCT_IMAGE, type PartVisual, productSvg, renderWebp } from '../../db/seed/illustrations.js';
import type { ImageStorage } from '../../lib/image-storage.js';
import { responsiveVariants } from '../../lib/responsive-images.js';

/** The drawing of each of the shop's usual categories; any other gets a gasket. */
const VISUALS: Record<string, { visual: PartVisual; accent: string }> = {
  brakes: { visual: 'brake-pad', accent: '#c0392b' },
  'chains & sprockets': { visual: 'chain', accent: '#b7950b' },
  ignition: { visual: 'spark-plug', accent: '#7f8c8d' },
  filters: { visual: 'oil-filter', accent: '#2471a3' },
  engine: { visual: 'piston', accent: '#566573' },
  'cables & controls': { visual: 'cable', accent: '#1e8449' },
  'tyres & wheels': { visual: 'bearing', accent: '#34495e' },
  suspension: { visual: 'fork-seal', accent: '#6c3483' },
  cooling: { visual: 'thermostat', accent: '#148f77' },
  'oils & fluids': { visual: 'bottle', accent: '#ca6f1e' },
  electrical: { visual: 'battery', accent: '#2e4053' },
  'tools & care': { visual: 'spray', accent: '#a04000' },
};

/**
 * The picture of an imported part that came without one: a drawing of its category, stored as
 * the shop stores every image (content-named, so the same drawing is one file however often).
 */
export function createPlaceholderImages(storage: Pick<ImageStorage, 'put'>) {
  return async (category: string): Promise<string> => {
    const art = VISUALS[categoryKey(category)] ?? { visual: 'gasket' as const, accent: '#5d6d7e' };
    const bytes = await renderWebp(productSvg(art), PRODUCT_IMAGE.width, PRODUCT_IMAGE.height);
    return storage.put(bytes, 'webp', await responsiveVariants(bytes));
  };
}
