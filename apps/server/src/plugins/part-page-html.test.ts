import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PART_DATA_ELEMENT_ID } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, storeTestImage } from '../test/factories.js';

/** A part page's HTML carries what its first paint needs: the part's data and its image, asked for with the shell. */

let t: TestApp;
let webDir: string;
const PART_SHELL_SCRIPT = '<link rel="modulepreload" href="/assets/part-abc123.js">';

beforeAll(async () => {
  // A stand-in web build: the plain shell, and the part page's shell that preloads its scripts.
  webDir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  const shell = (extra: string) =>
    `<!doctype html><html><head><title>Moto Parts</title><meta name="description" content="The shop" />${extra}</head><body><div id="root"></div></body></html>`;
  writeFileSync(path.join(webDir, 'index.html'), shell(''));
  writeFileSync(path.join(webDir, 'part.html'), shell(PART_SHELL_SCRIPT));
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const embedded = (html: string) => new RegExp(`<script type="application/json" id="${PART_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1];

describe("a part's page", () => {
  it('holds the part as its own call answers it, escaped, with its photos, and preloads its image and scripts', async () => {
    const img = await storeTestImage(t.app, '#204060');
    const product = await insertProduct(t.database.db, {
      name: 'Chain </script><!-- <script>alert(1)</script> & co',
      description: 'Ends a script with </script> and "quotes" & ampersands\u2028on two lines.',
      img,
    });
    await t.database.db.insertInto('product_images').values({ product_id: product.id, position: 1, img: '/images/' + 'b'.repeat(32) + '.webp' }).execute();

    const response = await t.app.inject({ url: `/parts/${product.id}` });
    expect(response.statusCode).toBe(200);
    const json = embedded(response.body);
    expect(json).toBeDefined();
    // Nothing in the data can close its element or open markup.
    expect(json).not.toMatch(/[<>&]/);
    const answer = (await t.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(JSON.parse(json!)).toEqual(answer);
    expect(answer.images).toEqual([img, `/images/${'b'.repeat(32)}.webp`]);
    expect(response.body.match(/<script>alert/g)).toBeNull();

    const base = img.replace(/\.webp$/, '');
    expect(response.body).toContain(
      `<link rel="preload" as="image" href="${img}" imagesrcset="${base}-400w.webp 400w, ${base}-800w.webp 800w" imagesizes="(min-width: 1024px) 480px, 100vw" fetchpriority="high" />`,
    );
    expect(response.body).toContain(PART_SHELL_SCRIPT);
  });

  it('for a part that does not exist is the plain shell with a 404, as before', async () => {
    for (const url of [`/parts/${'f'.repeat(24)}`, '/parts/not-an-id']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toContain('<div id="root">');
      expect(missing.body, url).not.toContain(PART_DATA_ELEMENT_ID);
      expect(missing.body, url).not.toContain(PART_SHELL_SCRIPT);
    }
  });
});
