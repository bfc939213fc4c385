import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

const ORIGIN = 'https://shop.example.com';
const W3C_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const urlset = (...urls: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
/** The index's files as `[loc, lastmod]`, lastmod undefined where there is none. */
const indexEntries = (xml: string) => [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/sitemap>/g)].map((match) => [match[1], match[2]]);
/** Now as a W3C date-time to the second, as the sitemaps write it. */
const nowToSecond = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const expectNotFound = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, name: string) => {
  expect(response.statusCode, name).toBe(404);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No sitemap ${name} here` }, requestId: expect.any(String) });
};

describe('robots.txt and the sitemaps of a small catalogue', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
  const get = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    // A trailing slash in PUBLIC_URL still makes one slash before each path.
    t = await buildTestApp({ PUBLIC_URL: `${ORIGIN}/` });
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  });
  afterAll(async () => t.close());

  it('robots.txt keeps crawlers out of personal and purchase pages and names the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /dashbord',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /purchase',
      'Disallow: /payment',
      '',
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      '',
    ]);
  });

  it('with no parts, the index still names parts-1 (an empty list), and the categories file lists Other', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    const [parts, categories] = indexEntries(index.body);
    expect(indexEntries(index.body)).toHaveLength(2);
    expect(parts).toEqual([`${ORIGIN}/sitemaps/parts-1.xml`, undefined]);
    expect(categories![0]).toBe(`${ORIGIN}/sitemaps/categories.xml`);
    expect(categories![1]).toMatch(W3C_DATE_TIME);

    const empty = await get('/sitemaps/parts-1.xml');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(urlset());
    expectNotFound(await get('/sitemaps/parts-2.xml'), 'parts-2.xml');
    expect((await get('/sitemaps/categories.xml')).body).toBe(urlset(`<url><loc>${ORIGIN}/search?category=Other</loc></url>\n`));
  });

  it('lists every part page in id order with its last change, and every category search, escaped', async () => {
    const before = nowToSecond();
    for (const name of ['Filters & <Seals>', 'Öl "Premium"']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { name } })).statusCode).toBe(201);
    }
    const parts = [
      await insertProduct(t.database.db, { updated_at: '2026-03-01T10:00:00.250Z' }),
      await insertProduct(t.database.db, { updated_at: '2026-03-04T08:30:15.999Z' }),
      await insertProduct(t.database.db, { updated_at: '2026-02-11T23:59:59.000Z' }),
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    const after = nowToSecond();

    const file = await get('/sitemaps/parts-1.xml');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    // Written as the parts are read, not sent as one finished string of known length.
    expect(file.headers['content-length']).toBeUndefined();
    const lastmod = (updatedAt: string) => `${updatedAt.slice(0, 19)}Z`;
    expect(file.body).toBe(urlset(...parts.map((part) => `<url><loc>${ORIGIN}/parts/${part.id}</loc><lastmod>${lastmod(part.updated_at)}</lastmod></url>\n`)));

    const index = indexEntries((await get('/sitemap.xml')).body);
    expect(index[0]).toEqual([`${ORIGIN}/sitemaps/parts-1.xml`, '2026-03-04T08:30:15Z']);
    expect(index).toHaveLength(2);
    // The categories' last change: the newest of the parts written (just now, in the search change log) and the categories added.
    expect(index[1]![1]! >= before && index[1]![1]! <= after, `${index[1]![1]} within ${before}..${after}`).toBe(true);

    const categories = await get('/sitemaps/categories.xml');
    expect(categories.statusCode).toBe(200);
    expect(categories.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(categories.body).toBe(
      urlset(
        `<url><loc>${ORIGIN}/search?category=Filters+%26+%3CSeals%3E</loc></url>\n`,
        `<url><loc>${ORIGIN}/search?category=Other</loc></url>\n`,
        `<url><loc>${ORIGIN}/search?category=%C3%96l+%22Premium%22</loc></url>\n`,
      ),
    );
    // Each address reads back as the name the search page is given.
    expect(locs(categories.body).map((loc) => new URL(loc!).searchParams.get('category'))).toEqual(['Filters & <Seals>', 'Other', 'Öl "Premium"']);
  });

  it('escapes an address for XML wherever PUBLIC_URL puts a character XML reserves', async () => {
    const odd = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com/a&b' });
    try {
      await insertProduct(odd.database.db, { id: 'a'.repeat(24), updated_at: '2026-01-02T03:04:05.000Z' });
      expect((await odd.app.inject({ url: '/sitemaps/parts-1.xml' })).body).toBe(
        urlset(`<url><loc>https://shop.example.com/a&amp;b/parts/${'a'.repeat(24)}</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>\n`),
      );
      expect((await odd.app.inject({ url: '/robots.txt' })).body).toContain('Sitemap: https://shop.example.com/a&b/sitemap.xml\n');
    } finally {
      await odd.close();
    }
  });

  it('answers a sitemap the catalogue does not have with 404 and the error envelope', async () => {
    for (const name of ['parts-0.xml', 'parts-abc.xml', 'parts-2.xml', 'parts-01.xml', 'parts--1.xml', 'parts-1.5.xml', 'parts-1.xml.gz', `parts-${'9'.repeat(40)}.xml`, 'parts-999999999.xml', 'other.xml']) {
      expectNotFound(await get(`/sitemaps/${name}`), name);
    }
    expect((await get('/sitemaps/parts-1.xml')).statusCode).toBe(200);
  });

  it('answers HEAD with the headers alone', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/parts-1.xml', '/sitemaps/categories.xml']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['cache-control'], url).toBe('public, max-age=3600');
      expect(head.body, url).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/sitemaps/parts-2.xml' })).statusCode).toBe(404);
  });
});

describe('the sitemaps of 100,000 parts', () => {
  const COUNT = 100_000;
  const ROWS_PER_STATEMENT = 10_000;
  let t: TestApp;
  let ids: string[];

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: ORIGIN });
    const { db, dialect } = t.database;
    const other = await db.selectFrom('categories').select('id').where('name_key', '=', 'other').executeTakeFirstOrThrow();
    ids = Array.from({ length: COUNT }, () => newId()).sort();
    // Each part's last change a second after the one before it in id order: the newest of each file is its last part's.
    const updatedAt = (index: number) => new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
    // Rows as `[id, updatedAt]` pairs in one JSON parameter, spread by the database: one statement per 10,000 parts.
    const pairs = (json: string) =>
      dialect === 'postgres'
        ? sql`select part ->> 0 as id, part ->> 1 as stamp from jsonb_array_elements(cast(${json} as jsonb)) as part`
        : sql`select value ->> 0 as id, value ->> 1 as stamp from json_each(${json})`;
    await db.transaction().execute(async (trx) => {
      // The catalogue's own row triggers (positions, the search change log, stock movements) cost
      // PostgreSQL about 0.2 ms a row here, and no sitemap reads what they write: off for this
      // insert, inside its transaction, so no other statement ever sees the table without them.
      if (dialect === 'postgres') await sql`alter table products disable trigger user`.execute(trx);
      for (let from = 0; from < COUNT; from += ROWS_PER_STATEMENT) {
        const json = JSON.stringify(ids.slice(from, from + ROWS_PER_STATEMENT).map((id, offset) => [id, updatedAt(from + offset)]));
        await sql`insert into products (id, name, description, price_cents, quantity, minimum, img, category_id, created_at, updated_at)
          select id, 'Part ' || id, 'A test part', 1999, 50, 1, '/images/test.webp', ${other.id}, stamp, stamp from (${pairs(json)}) as rows`.execute(trx);
      }
      if (dialect === 'postgres') await sql`alter table products enable trigger user`.execute(trx);
    });
  }, 120_000);
  afterAll(async () => t.close());

  it('names two parts files of 50,000 each, together every part once, in id order; parts-3 is 404', async () => {
    const index = indexEntries((await t.app.inject({ url: '/sitemap.xml' })).body);
    expect(index.map(([loc]) => loc)).toEqual([`${ORIGIN}/sitemaps/parts-1.xml`, `${ORIGIN}/sitemaps/parts-2.xml`, `${ORIGIN}/sitemaps/categories.xml`]);
    expect(index[0]![1]).toBe(new Date(Date.UTC(2026, 0, 1) + 49_999 * 1000).toISOString().replace('.000Z', 'Z'));
    expect(index[1]![1]).toBe(new Date(Date.UTC(2026, 0, 1) + 99_999 * 1000).toISOString().replace('.000Z', 'Z'));

    const listed: string[] = [];
    for (const n of [1, 2]) {
      const file = await t.app.inject({ url: `/sitemaps/parts-${n}.xml` });
      expect(file.statusCode).toBe(200);
      expect(file.body.match(/<url>/g)).toHaveLength(50_000);
      expect(file.body.match(/<lastmod>/g)).toHaveLength(50_000);
      expect(file.body.endsWith('</urlset>\n')).toBe(true);
      listed.push(...locs(file.body).map((loc) => loc!.slice(`${ORIGIN}/parts/`.length)));
    }
    expect(listed).toEqual(ids);
    expectNotFound(await t.app.inject({ url: '/sitemaps/parts-3.xml' }), 'parts-3.xml');
  }, 60_000);
});
