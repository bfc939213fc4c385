import { type Product, responsiveSrcSet } from '@shop/shared';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const DESCRIPTION_LENGTH = 160;
/** The part page's image sizes, as its <img> declares them. */
export const PART_IMAGE_SIZES = '(min-width: 1024px) 480px, 100vw';

const preloadImage = (img: string) => {
  const srcSet = responsiveSrcSet(img);
  const set = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${PART_IMAGE_SIZES}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(img)}"${set} fetchpriority="high" />`;
};

/**
 * The app's HTML shell for one part's page, as a shared link or a search engine reads it: the
 * part's name in the title, its description, Open Graph tags, and schema.org Product data
 * (name, brand, sku, offer; the rating once the part has reviews).
 */
export function partPageHtml(shell: string, product: Product, { publicUrl }: { publicUrl: string }): string {
  const { rating } = product;
  const url = `${publicUrl}/parts/${product._id}`;
  const title = `${product.name}${product.brand ? ` by ${product.brand}` : ''} | Moto Parts`;
  const summary = product.decreption.length > DESCRIPTION_LENGTH ? `${product.decreption.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : product.decreption;
  const image = new URL(product.img, publicUrl).href;
  const inStock = product.quantity >= product.minimum;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.decreption,
    image,
    url,
    category: product.category,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.partNumber ? { sku: product.partNumber, mpn: product.partNumber } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(rating
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average.toFixed(1), reviewCount: rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(summary)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    // The large image is the page's first paint: asked for with the shell.
    preloadImage(product.img),
    `<script type="application/ld+json">${scriptJson(data)}</script>`,
  ].join('\n    ');
  // Replacer functions, not replacement strings: a name holding `$'`, `$&` or `$$` stays as typed.
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(summary)}" />`)
    .replace('</head>', () => `    ${head}\n  </head>`);
}
