import { describe, expect, it } from 'vitest';
import { createSearchIndex, type IndexedPart } from './search-index.js';

const part = (number: number, overrides: Partial<IndexedPart> = {}): IndexedPart => ({
  id: `part-${number}`,
  position: number,
  name: `${number % 3 === 0 ? 'Brake pads' : 'Oil filter'} ${number}`,
  description: number % 50 === 0 ? 'rare ceramic compound' : 'common steel',
  brand: number % 2 === 0 ? 'EBC' : 'HiFlo',
  category: number % 3 === 0 ? 'Brakes' : 'Filters',
  partNumber: `MP-${number}`,
  oemNumbers: [],
  priceCents: 1000 + (number % 7),
  inStock: number % 10 !== 0,
  universal: false,
  fits: [],
  ...overrides,
});

const search = (index: ReturnType<typeof createSearchIndex>, q: string, extra: Partial<Parameters<ReturnType<typeof createSearchIndex>['search']>[0]> = {}) =>
  index.search({ q, inStock: false, sort: 'relevance', offset: 0, limit: 2000, ...extra });

describe('the search index', () => {
  const index = createSearchIndex();
  for (let number = 1; number <= 1500; number++) index.add(part(number));

  it('matches every word whatever their order and how common each is (a rare word first, then the common ones checked by lookup)', () => {
    const expected = Array.from({ length: 1500 }, (_, at) => at + 1)
      .filter((number) => number % 50 === 0 && number % 3 === 0)
      .map((number) => `part-${number}`);
    for (const q of ['brake ceramic pads', 'pads brake ceramic compound', 'ceramic brake']) {
      const answer = search(index, q);
      expect(answer.ids.slice().sort(), q).toEqual(expected.slice().sort());
      expect(answer.total).toBe(expected.length);
    }
  });

  it('finds a part number among a thousand others sharing its prefix, first', () => {
    expect(search(index, 'mp 42').ids[0]).toBe('part-42');
    expect(search(index, 'MP-1042').ids).toEqual(['part-1042']);
  });

  it('forgets a removed part and finds a changed one by its new text only, keeping counts right', () => {
    const local = createSearchIndex();
    for (let number = 1; number <= 30; number++) local.add(part(number));
    local.remove('part-3');
    expect(search(local, 'brake').ids).not.toContain('part-3');
    local.put(part(6, { name: 'Chain kit 6', category: 'Chains' }));
    expect(search(local, 'brake').ids).not.toContain('part-6');
    expect(search(local, 'chain').ids).toEqual(['part-6']);
    // A stock change alone stays in place.
    local.put(part(9, { inStock: false }));
    expect(search(local, 'brake', { inStock: true }).ids).not.toContain('part-9');
    const facets = search(local, '').facets.category;
    expect(facets.reduce((sum, facet) => sum + facet.count, 0)).toBe(29);
    expect(local.deadShare).toBeCloseTo(2 / 32);
  });

  it('pages the same order as one long list, for every sort', () => {
    for (const sort of ['relevance', 'price-asc', 'price-desc', 'newest'] as const) {
      const whole = search(index, 'oil', { sort }).ids;
      const pages: string[] = [];
      for (let offset = 0; offset < 120; offset += 12) pages.push(...search(index, 'oil', { sort, offset, limit: 12 }).ids);
      expect(pages, sort).toEqual(whole.slice(0, 120));
    }
  });

  it('answers a page at any depth as the full sort would, ties in catalogue order', () => {
    const local = createSearchIndex();
    // Positions shared by three parts each and five prices: most keys tie with others.
    const parts = Array.from({ length: 4500 }, (_, at) => part(at + 1, { position: Math.floor(at / 3), priceCents: 1000 + ((at * 7) % 5) }));
    for (const each of parts) local.add(each);
    const expected = {
      relevance: parts.slice().sort((a, b) => a.position - b.position),
      'price-asc': parts.slice().sort((a, b) => a.priceCents - b.priceCents || a.position - b.position),
      'price-desc': parts.slice().sort((a, b) => b.priceCents - a.priceCents || a.position - b.position),
      newest: parts.slice().sort((a, b) => b.position - a.position),
    };
    for (const [sort, order] of Object.entries(expected) as Array<[keyof typeof expected, IndexedPart[]]>) {
      const ids = order.map((each) => each.id);
      // Pages whose candidates are cut back once or more while the results are read, and deeper ones that never are.
      for (const offset of [0, 47, 1000, 2100, 2300, 4452]) expect(search(local, '', { sort, offset, limit: 48 }).ids, `${sort} at ${offset}`).toEqual(ids.slice(offset, offset + 48));
      expect(search(local, '', { sort, offset: 4500, limit: 48 }).ids, sort).toEqual([]);
    }
  });

  it('keeps a search between its pages until a part is added, removed, repriced or goes in or out of stock', () => {
    const local = createSearchIndex();
    for (let number = 1; number <= 300; number++) local.add(part(number));
    const cheapest = (extra: Partial<Parameters<typeof local.search>[0]> = {}) => search(local, 'oil', { sort: 'price-asc', limit: 12, ...extra });
    const first = cheapest();
    // The next page and the same search again read what was kept: the same facet lists, not new ones.
    expect(cheapest({ offset: 12 }).facets).toBe(first.facets);
    expect(cheapest()).toEqual(first);
    // An order taken that leaves the part orderable changes nothing a search shows.
    local.put(part(1));
    expect(cheapest().facets).toBe(first.facets);

    local.put(part(2, { priceCents: 1 }));
    expect(cheapest().ids[0]).toBe('part-2');
    local.put(part(4, { inStock: false }));
    expect(cheapest({ inStock: true, limit: 300 }).ids).not.toContain('part-4');
    local.put(part(4, { inStock: true }));
    expect(cheapest({ inStock: true, limit: 300 }).ids).toContain('part-4');
    local.remove('part-2');
    expect(cheapest().ids[0]).not.toBe('part-2');
    local.add(part(301, { name: 'Oil filter 301', priceCents: 2 }));
    expect(cheapest().ids[0]).toBe('part-301');
    expect(cheapest().total).toBe(first.total);
  });

  it('lets the least recently asked search go first once 256 are kept, answering it the same when asked again', () => {
    const local = createSearchIndex();
    for (let number = 1; number <= 300; number++) local.add(part(number));
    const often = search(local, 'brake');
    const rare = search(local, 'oil');
    for (let number = 1; number <= 255; number++) {
      search(local, `mp ${number}`);
      if (number % 50 === 0) search(local, 'brake');
    }
    expect(search(local, 'brake').facets).toBe(often.facets);
    const again = search(local, 'oil');
    expect(again.facets).not.toBe(rare.facets);
    expect(again).toEqual(rare);
  });

  it("keeps a bike's catalogue between pages and follows parts added, changed and removed", () => {
    const local = createSearchIndex();
    const bike = { vehicleId: 'mt07', year: 2019, show: 'fitting' as const };
    // Every third part fits the MT-07 from 2018 on, every fifth fits every bike.
    const fitting = (number: number) => part(number, { universal: number % 5 === 0, fits: number % 3 === 0 ? [{ vehicleId: 'mt07', from: 2018, to: 2024 }] : [] });
    for (let number = 1; number <= 60; number++) local.add(fitting(number));
    const expected = (numbers: number[]) => numbers.filter((number) => number % 3 === 0 || number % 5 === 0).map((number) => `part-${number}`);
    const catalogue = (extra: Partial<Parameters<typeof local.search>[0]> = {}) => search(local, '', { sort: 'catalogue', bike, ...extra });
    const all = Array.from({ length: 60 }, (_, at) => at + 1);

    const whole = catalogue();
    expect(whole.ids).toEqual(expected(all));
    expect(whole.fit).toEqual(whole.ids.map((id) => (Number(id.slice(5)) % 5 === 0 ? 'universal' : 'fits')));
    // The same answer as the scan that a category filter takes, summed over the categories.
    const byCategory = whole.facets.category.flatMap(({ value }) => catalogue({ category: value }).ids);
    expect(byCategory.sort()).toEqual(whole.ids.slice().sort());
    const pages: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 6) pages.push(...catalogue({ offset, limit: 6 }).ids);
    expect(pages).toEqual(whole.ids);
    // Not in the bike's years: only the universal parts.
    expect(catalogue({ bike: { ...bike, year: 2017 } }).ids).toEqual(all.filter((number) => number % 5 === 0).map((number) => `part-${number}`));

    local.remove('part-3');
    local.put(fitting(61));
    local.put(part(6, { fits: [] }));
    const after = catalogue();
    expect(after.ids).toEqual(expected([...all, 61]).filter((id) => id !== 'part-3' && id !== 'part-6'));
    expect(after.total).toBe(after.ids.length);
    expect(after.facets.category.reduce((sum, facet) => sum + facet.count, 0)).toBe(after.total);
  });

  describe('parts without fitment data beside a bike', () => {
    const bike = { vehicleId: 'mt07', year: 2019 };
    // Every third part fits the MT-07, every fifth every bike, every seventh the Z650 only; the rest have no data.
    const fitted = (number: number) =>
      part(number, {
        universal: number % 5 === 0,
        fits: number % 3 === 0 ? [{ vehicleId: 'mt07', from: 2018, to: 2024 }] : number % 7 === 0 ? [{ vehicleId: 'z650', from: 2017, to: 2024 }] : [],
      });
    const withoutData = (number: number) => number % 3 !== 0 && number % 5 !== 0 && number % 7 !== 0;
    const build = () => {
      const local = createSearchIndex();
      for (let number = 1; number <= 120; number++) local.add(fitted(number));
      return local;
    };
    const numbers = Array.from({ length: 120 }, (_, at) => at + 1);
    const idsOf = (kept: number[]) => kept.map((number) => `part-${number}`);
    const sum = (facets: Array<{ count: number }>) => facets.reduce((total, facet) => total + facet.count, 0);

    it('counts those that pass the same words and filters in the pass over the fitting ones, the kept catalogue and a scan agreeing', () => {
      const local = build();
      const fitting = { ...bike, show: 'fitting' as const };
      const plain = search(local, '', { sort: 'catalogue', bike: fitting });
      expect(plain.unconfirmed).toBe(numbers.filter(withoutData).length);
      // 'Newest' is not the kept catalogue's order: the same counts from a scan.
      const scanned = search(local, '', { sort: 'newest', bike: fitting });
      expect([scanned.total, scanned.unconfirmed]).toEqual([plain.total, plain.unconfirmed]);

      const oil = search(local, 'oil', { bike: fitting });
      expect(oil.unconfirmed).toBe(numbers.filter((number) => number % 3 !== 0 && withoutData(number)).length);
      expect(oil.ids.slice().sort()).toEqual(idsOf(numbers.filter((number) => number % 3 !== 0 && number % 5 === 0)).sort());
      const filtered = search(local, '', { bike: fitting, category: 'Filters', brand: 'EBC', inStock: true });
      const passes = (number: number) => number % 3 !== 0 && number % 2 === 0 && number % 10 !== 0;
      expect(filtered.unconfirmed).toBe(numbers.filter((number) => passes(number) && withoutData(number)).length);
      // Facets count the parts shown, not those left out.
      expect(sum(filtered.facets.brand)).toBe(numbers.filter((number) => number % 3 !== 0 && number % 10 !== 0 && (number % 3 === 0 || number % 5 === 0)).length);
      // Without a bike, or with every part shown, nothing is left out to count.
      expect(search(local, 'oil')).not.toHaveProperty('unconfirmed');
      expect(search(local, 'oil', { bike: { ...bike, show: 'all' } })).not.toHaveProperty('unconfirmed');
    });

    it("lists them alone with 'unconfirmed', each 'unknown', in any order and page, whatever the bike", () => {
      const local = build();
      const unconfirmed = { ...bike, show: 'unconfirmed' as const };
      const expected = idsOf(numbers.filter(withoutData));
      const whole = search(local, '', { sort: 'catalogue', bike: unconfirmed });
      expect(whole.ids).toEqual(expected);
      expect(whole.total).toBe(expected.length);
      expect(new Set(whole.fit)).toEqual(new Set(['unknown']));
      expect(sum(whole.facets.category)).toBe(whole.total);
      expect(whole).not.toHaveProperty('unconfirmed');
      const pages: string[] = [];
      for (let offset = 0; offset < whole.total; offset += 6) pages.push(...search(local, '', { sort: 'catalogue', bike: unconfirmed, offset, limit: 6 }).ids);
      expect(pages).toEqual(expected);
      expect(search(local, '', { sort: 'newest', bike: unconfirmed }).ids).toEqual(expected.slice().reverse());
      expect(search(local, '', { sort: 'catalogue', bike: { vehicleId: 'z650', year: 2020, show: 'unconfirmed' } }).ids).toEqual(expected);

      const words = search(local, 'brake', { bike: unconfirmed });
      expect(words.ids).toEqual([]);
      const oil = search(local, 'oil', { bike: unconfirmed, category: 'Filters', inStock: true });
      expect(oil.ids.slice().sort()).toEqual(idsOf(numbers.filter((number) => withoutData(number) && number % 10 !== 0)).sort());
      expect(new Set(oil.fit)).toEqual(new Set(['unknown']));
    });

    it('keeps the count as parts without data come, go and gain fitment', () => {
      const local = build();
      const count = () => search(local, '', { sort: 'catalogue', bike: { ...bike, show: 'fitting' } }).unconfirmed;
      const listed = () => search(local, '', { sort: 'catalogue', bike: { ...bike, show: 'unconfirmed' } }).ids;
      const before = count()!;
      expect(listed()).toContain('part-1');
      local.remove('part-1');
      local.put(part(2, { fits: [{ vehicleId: 'z650', from: 2017, to: 2024 }] }));
      local.put(part(4, { universal: true }));
      // A part that fitted loses its data; a new part comes without any.
      local.put(part(3, { fits: [] }));
      local.put(part(121));
      expect(count()).toBe(before - 3 + 2);
      for (const gone of ['part-1', 'part-2', 'part-4']) expect(listed()).not.toContain(gone);
      expect(listed()).toEqual(expect.arrayContaining(['part-3', 'part-121']));
      expect(listed()).toHaveLength(count()!);
      // A change of stock alone keeps the part's slot and its count.
      local.put(part(8, { inStock: false }));
      expect(count()).toBe(before - 1);
    });
  });
});
