/** Widths of the smaller renditions the server stores beside every uploaded or seeded image. */
export const RESPONSIVE_IMAGE_WIDTHS = [400, 800] as const;

const HOSTED = /^(\/images\/[a-f0-9]{32})\.webp$/;

/** The `srcset` of an image the shop hosts (its renditions), or undefined for any other URL. */
export function responsiveSrcSet(img: string): string | undefined {
  const match = HOSTED.exec(img);
  if (!match) return undefined;
  return RESPONSIVE_IMAGE_WIDTHS.map((width) => `${match[1]}-${width}w.webp ${width}w`).join(', ');
}
