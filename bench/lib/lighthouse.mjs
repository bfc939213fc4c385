// @ts-check
/**
 * Page measurements in Debian's Chromium: Lighthouse's default (mobile) performance run, the
 * scripts and stylesheets each page loads before any interaction, and the product images.
 */
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { assertRunning, onCleanup } from './cleanup.mjs';

const CHROMIUM = '/usr/bin/chromium';
const LIGHTHOUSE_ATTEMPTS = 3;
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * @typedef {object} PageResult
 * @property {string} page
 * @property {number} score      Lighthouse performance, 0-100 (median run)
 * @property {number} lcp        ms
 * @property {number} cls
 * @property {number} tbt        ms
 * @property {number} jsGzip     bytes of every script the page loaded, gzipped here (zlib default level)
 * @property {number} cssGzip    the same for stylesheets
 * @property {number} jsWire     bytes the server actually sent for those scripts (headers included)
 * @property {number} cssWire
 * @property {number} scripts    how many scripts
 * @property {number[]} scores   every run's score
 * @property {number[]} imageSizes  bytes of each shop-hosted image (/images/) the page loaded
 */

/**
 * @param {string} url
 * @param {Map<string, number>} cache
 */
async function gzippedSize(url, cache) {
  let size = cache.get(url);
  if (size === undefined) {
    const response = await fetch(url);
    size = gzipSync(Buffer.from(await response.arrayBuffer())).length;
    cache.set(url, size);
  }
  return size;
}

/**
 * One Lighthouse run; a run Lighthouse itself reports as broken (it asks to be run again) is retried.
 * @param {string} url
 * @param {number} port  Chromium's debugging port
 */
async function lighthouseRun(url, port) {
  let problem = '';
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    assertRunning();
    const answer = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!answer.lhr.runtimeError) return answer.lhr;
    problem = answer.lhr.runtimeError.message;
    console.warn(`  Lighthouse run ${attempt} of ${url} failed (${answer.lhr.runtimeError.code}); ${attempt < LIGHTHOUSE_ATTEMPTS ? 'again' : 'giving up'}`);
  }
  throw new Error(`Lighthouse failed on ${url}: ${problem}`);
}

/**
 * Runs Lighthouse `runs` times on each page and keeps the run with the median score.
 * @param {{ origin: string, pages: string[], runs: number, profileDir: string }} options
 * @returns {Promise<PageResult[]>}
 */
export async function measurePages({ origin, pages, runs, profileDir }) {
  mkdirSync(profileDir, { recursive: true });
  assertRunning();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    handleSIGINT: false,
    userDataDir: profileDir,
    logLevel: 'silent',
  });
  const forget = onCleanup('Chromium', () => chrome.kill());
  /** @type {Map<string, number>} */
  const gzipCache = new Map();
  /** @type {PageResult[]} */
  const results = [];
  try {
    for (const page of pages) {
      /** @type {any[]} */
      const reports = [];
      for (let run = 0; run < runs; run++) reports.push(await lighthouseRun(origin + page, chrome.port));
      reports.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = reports[Math.floor(reports.length / 2)];

      /** @type {Array<{ url: string, resourceType?: string, transferSize?: number, resourceSize?: number }>} */
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const ofType = (/** @type {string} */ type) => requests.filter((request) => request.resourceType === type && request.url.startsWith(origin));
      const scripts = ofType('Script');
      const images = ofType('Image').filter((request) => new URL(request.url).pathname.startsWith('/images/'));
      const stylesheets = ofType('Stylesheet');
      const sum = (/** @type {number[]} */ values) => values.reduce((total, value) => total + value, 0);
      results.push({
        page,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        jsGzip: sum(await Promise.all(scripts.map((request) => gzippedSize(request.url, gzipCache)))),
        cssGzip: sum(await Promise.all(stylesheets.map((request) => gzippedSize(request.url, gzipCache)))),
        jsWire: sum(scripts.map((request) => request.transferSize ?? 0)),
        cssWire: sum(stylesheets.map((request) => request.transferSize ?? 0)),
        scripts: scripts.length,
        scores: reports.map((report) => Math.round((report.categories.performance.score ?? 0) * 100)),
        imageSizes: images.map((request) => request.resourceSize ?? request.transferSize ?? 0),
      });
    }
  } finally {
    await chrome.kill();
    forget();
  }
  return results;
}

/**
 * Sizes of every product's own image in the catalogue, as stored (before any smaller rendition).
 * @param {string} origin
 */
export async function productImageSizes(origin) {
  /** @type {Set<string>} */
  const images = new Set();
  for (let page = 0; ; page++) {
    const response = await fetch(`${origin}/api/products?page=${page}&size=100`);
    const products = /** @type {Array<{ img: string }>} */ (await response.json());
    for (const product of products) images.add(product.img);
    if (products.length < 100) break;
  }
  const sizes = await Promise.all(
    [...images].map(async (image) => {
      const response = await fetch(new URL(image, origin));
      return (await response.arrayBuffer()).byteLength;
    }),
  );
  return { count: sizes.length, largest: Math.max(0, ...sizes), sizes };
}
