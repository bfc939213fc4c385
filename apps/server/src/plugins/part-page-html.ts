import { PART_DATA_ELEMENT_ID, PART_IMAGE_SIZES, type Product, responsiveSrcSet, SHOP_CURRENCY } from '@shop/shared';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const DESCRIPTION_LENGTH = 160;

/**
 * The part's image where the part page shows it (the same classes as its gallery), for the first
 * paint before the app has run. The app's first render replaces it: a new node, not one that
 * moves, so it is no layout shift.
 */
const firstPaint = (product: Product) => {
  const srcSet = responsiveSrcSet(product.img);
  const set = srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${PART_IMAGE_SIZES}"` : '';
  return (
    '<div class="mx-auto w-full max-w-6xl px-4 py-8"><div class="grid grid-cols-1 gap-8 lg:grid-cols-[480px_minmax(0,1fr)]">' +
    '<figure class="aspect-[4/3] overflow-hidden rounded-box border border-base-300 bg-base-200">' +
    `<img src="${escapeHtml(product.img)}"${set} alt="${escapeHtml(product.name)}" width="800" height="600" fetchpriority="high" class="h-full w-full object-cover" />` +
    '</figure></div></div>'
  );
};

const preloadImage = (img: string) => {
  const srcSet = responsiveSrcSet(img);
  const set = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${PART_IMAGE_SIZES}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(img)}"${set} fetchpriority="high" />`;
};

/**
 * The app's HTML shell for one part's page, as a shared link or a search engine reads it: the
 * part's name in the title, its description, Open Graph tags, and schema.org Product data
 * (name, brand, sku, offer; the rating once the part has reviews). The part itself rides along as
 * JSON, so the app's first render of the page shows it, image included, without a call first.
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
    `<script type="application/json" id="${PART_DATA_ELEMENT_ID}">${scriptJson(product)}</script>`,
  ].join('\n    ');
  // Replacer functions, not replacement strings: a name holding `$'`, `$&` or `$$` stays as typed.
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(summary)}" />`)
    // The large image is the page's first paint: asked for before the styles and scripts, which
    // would otherwise take every connection first (the charset still within the first 1024 bytes).
    .replace(/<head>/i, (open) => `${open}\n    ${preloadImage(product.img)}`)
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${firstPaint(product)}</div>`);
}
