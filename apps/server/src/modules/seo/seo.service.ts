import { Readable } from 'node:stream';
import type { PartPageRow, SeoRepository } from './seo.repository.js';

/** The protocol's limit of addresses in one sitemap (https://www.sitemaps.org/protocol.html). */
const PARTS_PER_SITEMAP = 50_000;
/** Parts read per query while a parts sitemap is written: the reply holds one batch at a time. */
const SITEMAP_BATCH = 5_000;

/** Pages with nothing for a search engine: personal, or the middle of a purchase. */
const DISALLOWED_PATHS = ['/dashbord', '/cart', '/checkout', '/purchase', '/payment'];

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!);

/** A stored timestamp as a W3C date-time to the second in UTC; undefined when it is not a date. */
function w3cDateTime(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** An address with its last change, as `<url>` or `<sitemap>` hold them. */
const entry = (element: 'url' | 'sitemap', loc: string, lastmod: string | undefined) =>
  `<${element}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${element}>\n`;

/** The number of a parts sitemap's file name (`parts-2.xml` is 2); undefined for any other name. */
export function partsFileNumber(name: string): number | undefined {
  const match = /^parts-([1-9]\d{0,8})\.xml$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/**
 * robots.txt and the sitemaps (SPEC-3 section 8): an index naming the parts sitemaps, each of at
 * most 50,000 part pages in id order, and one of every category's search. Addresses are absolute,
 * on PUBLIC_URL.
 */
export function createSeoService({ repository, publicUrl }: { repository: SeoRepository; publicUrl: string }) {
  const origin = publicUrl.replace(/\/+$/, '');
  const partUrl = (row: PartPageRow) => entry('url', `${origin}/parts/${row.id}`, w3cDateTime(row.updated_at));

  /** The file's parts from the first one on, read in batches as the reply asks for more. */
  async function* partsUrlset(first: string | undefined): AsyncGenerator<string> {
    yield `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
    let cursor = first;
    let inclusive = true;
    let written = 0;
    while (cursor !== undefined && written < PARTS_PER_SITEMAP) {
      const limit = Math.min(SITEMAP_BATCH, PARTS_PER_SITEMAP - written);
      const rows = await repository.partsFrom(cursor, { inclusive, limit });
      if (rows.length > 0) yield rows.map(partUrl).join('');
      written += rows.length;
      cursor = rows.length === limit ? rows.at(-1)!.id : undefined;
      inclusive = false;
    }
    yield '</urlset>\n';
  }

  return {
    robots(): string {
      return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    },

    /** The sitemap index: every parts file (one even with no parts), then the categories' file. */
    async sitemapIndex(): Promise<string> {
      const [files, changes] = await Promise.all([repository.partsFiles(PARTS_PER_SITEMAP), repository.newestCatalogueChanges()]);
      const partsFiles = files.length > 0 ? files : [undefined];
      const newestChange = changes.map(w3cDateTime).reduce<string | undefined>((newest, at) => (at && (!newest || at > newest) ? at : newest), undefined);
      return [
        `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n`,
        ...partsFiles.map((file, index) => entry('sitemap', `${origin}/sitemaps/parts-${index + 1}.xml`, w3cDateTime(file?.lastmod))),
        entry('sitemap', `${origin}/sitemaps/categories.xml`, newestChange),
        '</sitemapindex>\n',
      ].join('');
    },

    /**
     * Parts sitemap `n` (1-based) as a stream written while the parts are read; undefined when the
     * catalogue has no such file (the first always exists, empty with no parts).
     */
    async partsSitemap(n: number): Promise<Readable | undefined> {
      const first = await repository.partIdAt((n - 1) * PARTS_PER_SITEMAP);
      if (first === undefined && n > 1) return undefined;
      return Readable.from(partsUrlset(first));
    },

    /** Every category's search page, as the web app's own links write it (`/search?category=…`). */
    async categoriesSitemap(): Promise<string> {
      const names = await repository.categoryNames();
      const urls = names.map((name) => entry('url', `${origin}/search?${new URLSearchParams({ category: name })}`, undefined));
      return [`${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`, ...urls, '</urlset>\n'].join('');
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
