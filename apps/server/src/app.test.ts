import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.js';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  // A stand-in web build so the SPA fallback and asset caching have files to serve.
  webDir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Moto Parts</title><meta name="description" content="The shop" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('error envelope', () => {
  it('answers an unknown API path with a JSON 404, never the web app', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.requestId).toBeTruthy();
  });

  it('answers an unknown API method with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/productCount' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/xml' },
      payload: '<contact/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('health and readiness', () => {
  it('GET /api/health answers ok', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready checks the database', async () => {
    const response = await t.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up' });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, nosniff and no server banner', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
  });

  it('sends no CORS header to an origin that is not configured', async () => {
    const response = await t.app.inject({ url: '/api/productCount', headers: { origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const nullOrigin = await t.app.inject({ url: '/api/productCount', headers: { origin: 'null' } });
    expect(nullOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('web app serving', () => {
  it('answers client routes with the app shell (the storefront pages too, when the web app has no server build)', async () => {
    for (const url of ['/', '/allproducts', `/parts/${'f'.repeat(24)}`, '/blogs', '/allproducts?page=2', '/about', '/warranty', '/returns', '/privacy', '/terms', '/garage', '/cart', '/checkout', '/quick-order', '/service-emails/stop?token=x', '/search?q=oil', '/singin']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers an unknown page with the app shell and a 404 status, so the not-found page shows', async () => {
    const response = await t.app.inject({ url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets with long-lived caching', async () => {
    const response = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset the browser accepts', async () => {
    const response = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers a missing image with a 404, not the app shell', async () => {
    const response = await t.app.inject({ url: '/images/missing.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/productCount', '/api/products/{id}', '/api/getreviews', '/api/contact']),
    );
  });
});
