/** Widths of the smaller renditions the server stores beside every uploaded or seeded image. */
export const RESPONSIVE_IMAGE_WIDTHS = [400, 800] as const;

const HOSTED = /^(\/images\/[a-f0-9]{32})\.webp$/;

/** The `srcset` of an image the shop hosts (its renditions), or undefined for any other URL. */
export function responsiveSrcSet(img: string): string | undefined {
  const match = HOSTED.exec(img);
  if (!match) return undefined;
  return RESPONSIVE_IMAGE_WIDTHS.map((width) => `${match[1]}-${width}w.webp ${width}w`).join(', ');
}

/** The part page's large image `sizes`: its <img> and the preload in the page's HTML declare the same. */
export const PART_IMAGE_SIZES = '(min-width: 1024px) 480px, 100vw';

