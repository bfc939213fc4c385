import { PART_IMAGE_SIZES, type Product, responsiveSrcSet, SHOP_CURRENCY } from '@shop/shared';
import { escapeHtml, scriptJson } from '../lib/html.js';

const DESCRIPTION_LENGTH = 160;

const preloadImage = (img: string) => {
  const srcSet = responsiveSrcSet(img);
  const set = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${PART_IMAGE_SIZES}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(img)}"${set} fetchpriority="high" />`;
};

/**
 * A rendered part page's head as a shared link or a search engine reads it: the part's
 * description, its canonical address, Open Graph tags, and schema.org Product data (name, brand,
 * sku, offer; the rating once the part has reviews); and its image asked for first.
 */
export function partPageHtml(html: string, product: Product, { publicUrl }: { publicUrl: string }): string {
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
      priceCurrency: SHOP_CURRENCY,
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
    `<script type="application/ld+json">${scriptJson(data)}</script>`,
  ].join('\n    ');
  // Replacer functions, not replacement strings: a name holding `$'`, `$&` or `$$` stays as typed.
  return html
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(summary)}" />`)
    // The large image is the page's first paint: asked for before the styles and scripts, which
    // would otherwise take every connection first (the charset still within the first 1024 bytes).
    .replace(/<head>/i, (open) => `${open}\n    ${preloadImage(product.img)}`)
    .replace('</head>', () => `    ${head}\n  </head>`);
}
