import type { BikeShow, FacetCount, FitVerdict, SearchSort } from '@shop/shared';
import SearchableMap from 'minisearch/SearchableMap';
import quickselect from 'quickselect';
import { fold, hasDigit, numberKey, terms } from './search-text.js';

/** A part as the index keeps it: the text it is found by and what the filters and sorts read. */
export interface IndexedPart {
  id: string;
  /** Catalogue order: the tie-break of every sort, and 'Newest' read backwards. */
  position: number;
  name: string;
  description: string;
  brand: string;
  category: string;
  partNumber: string;
  oemNumbers: string[];
  priceCents: number;
  inStock: boolean;
  /** Fits every bike (chain lube, tools). */
  universal: boolean;
  /** The bikes it fits, each with the years it fits them (the fitment row's own, else the vehicle's). */
  fits: FitRange[];
}

export interface FitRange {
  vehicleId: string;
  from: number;
  to: number;
}

/** Catalogue order (the paged list's), besides the search sorts. */
export type IndexSort = SearchSort | 'catalogue';

/** The parts a bike's catalogue lists (or the parts without fitment data), in order, and their facet counts. */
interface BikeCatalogue {
  slots: Int32Array;
  facets: IndexAnswer['facets'];
}
/** Bikes whose catalogue is kept at once (the oldest gathered goes first). */
const BIKE_CATALOGUES_KEPT = 256;

/**
 * A search's results (no bike) after its words and filters, with their sort keys and facet
 * counts, and its best results in order as far as pages have been asked for.
 */
interface KeptResults {
  slots: Int32Array;
  keys: Float64Array;
  facets: IndexAnswer['facets'];
  /** The first results in order (slots), for the pages asked for so far; grown on demand. */
  ranked: number[];
}
/** Searches whose results are kept at once, and the results they may hold in all (the least recently asked goes first). */
const SEARCHES_KEPT = 256;
const KEPT_RESULTS_MAX = 2_000_000;
/** Pages within this many results are served from a ranked list kept with the search; deeper ones are selected each time. */
const RANKED_KEPT_MAX = 2400;
const RANKED_KEPT_MIN = 120;

export interface IndexQuery {
  q: string;
  category?: string | undefined;
  brand?: string | undefined;
  inStock: boolean;
  /**
   * A rider's bike, each part answered with its verdict: the parts that fit it or every bike
   * ('fitting'), every part ('all'), or the parts without fitment data ('unconfirmed').
   */
  bike?: { vehicleId: string; year: number; show: BikeShow } | undefined;
  sort: IndexSort;
  offset: number;
  limit: number;
}

export interface IndexAnswer {
  total: number;
  /** The ids of the page asked for, in order. */
  ids: string[];
  /** With a bike: each id's verdict, in the same order. */
  fit?: FitVerdict[];
  /** With a bike and 'fitting': how many more parts pass the words and filters but have no fitment data. */
  unconfirmed?: number;
  facets: { category: FacetCount[]; brand: FacetCount[] };
}

// Where a term was found, as bits; a posting is `slot << 6 | fields` (slots stay below 2^25).
const NAME = 1;
const BRAND = 2;
const CATEGORY = 4;
const DESCRIPTION = 8;
const PART_NUMBER = 16;
const OEM_NUMBER = 32;
const FIELD_BITS = 6;
const FIELD_MASK = (1 << FIELD_BITS) - 1;

/** The weight of a term found in several fields is that of its best field. */
const FIELD_WEIGHT = Array.from({ length: 1 << FIELD_BITS }, (_, fields) =>
  Math.max(
    0,
    ...[
      [PART_NUMBER, 4],
      [OEM_NUMBER, 3.5],
      [NAME, 3],
      [BRAND, 2],
      [CATEGORY, 2],
      [DESCRIPTION, 1],
    ].map(([bit, weight]) => (fields & bit! ? weight! : 0)),
  ),
);

/**
 * How well a word of the query matched a term. An exact word outranks its completion in the
 * same field ('pad' -> 'pads'), and both outrank a corrected typo in any field.
 */
const EXACT = { base: 10, field: 1 };
const COMPLETED = { base: 9, field: 1 };
const TYPO = [EXACT, { base: 2, field: 0.3 }, { base: 1, field: 0.2 }] as const;
/** The whole query is a part's own number, or one of the OEM numbers it replaces. */
const PART_NUMBER_BONUS = 100;
const OEM_NUMBER_BONUS = 50;

/** A word of the query completes to terms at most this much longer ('pad' -> 'pads', 'sprock' -> 'sprockets'). */
const MAX_COMPLETION = 3;
const MIN_COMPLETED_WORD = 3;
/** Typos forgiven: one from four letters, two from seven; never in words with digits (part numbers). */
const typosAllowed = (word: string) => (hasDigit(word) ? 0 : word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0);
const MAX_QUERY_WORDS = 8;

/**
 * Sorting by one number per result: relevance is the score then catalogue order, so
 * `score * 2^32 - position` (scores differ by at least 0.01, positions stay below 2^25); prices
 * in cents (below 2^27) then catalogue order, `price * 2^24 - position`; newest, the position.
 */
const RELEVANCE = 0;
const PRICE_ASC = 1;
const PRICE_DESC = 2;
const NEWEST = 3;
const CATALOGUE = 4;
const SORT_CODES: Record<IndexSort, number> = { relevance: RELEVANCE, 'price-asc': PRICE_ASC, 'price-desc': PRICE_DESC, newest: NEWEST, catalogue: CATALOGUE };
const SCORE_SCALE = 2 ** 32;
const PRICE_SCALE = 2 ** 24;

type Match = { base: number; field: number };
interface WordTerms {
  lists: number[][];
  matches: Match[];
  size: number;
}

/** A list of distinct values (categories, brands) with one number each, compared folded. */
class Facet {
  readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();
  numberOf(name: string): number {
    const key = fold(name.trim());
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.names.length;
      this.numbers.set(key, number);
      this.names.push(name.trim());
    }
    return number;
  }
  find(name: string): number | undefined {
    return this.numbers.get(fold(name.trim()));
  }
}

const hashText = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
};

const searchableText = (part: IndexedPart) => [part.name, part.description, part.brand, part.category, part.partNumber, ...part.oemNumbers].join('\u0000');
/** What decides a part's slot: its text and its fitment (a change of either takes a new slot). */
const slotText = (part: IndexedPart) =>
  `${searchableText(part)}\u0001${part.universal ? 'U' : ''}${part.fits.map((fit) => `${fit.vehicleId}:${fit.from}-${fit.to}`).join(',')}`;

/** Each vehicle's fitting slots with the years they fit, in parallel arrays. */
interface VehicleFits {
  slots: number[];
  from: number[];
  to: number[];
}

/**
 * The catalogue's search index, in memory. Postings are plain number arrays per term (one
 * number per part and term), typo correction runs on the vocabulary of words through
 * MiniSearch's radix tree, and each part's filter and sort values sit in flat arrays, so a
 * query costs in proportion to the parts it matches, facets and sort included. A search without
 * a bike is kept with its results until the catalogue changes: asked again (its next page, the
 * next rider typing the same words) it costs only its page.
 *
 * A part that changes takes a new slot and its old one is left dead; `deadShare` tells the
 * owner when to build a fresh index.
 */
export function createSearchIndex() {
  const postings = new Map<string, number[]>();
  /**
   * The postings of terms found in a part number or an OEM number, by term: a query that is a
   * part's number gives it its bonus from these alone, never from every part whose name holds
   * the word ('brake' is in thousands of names and in no number).
   */
  const numberPostings = new Map<string, number[]>();
  /** Words without digits, for typo correction. */
  const words = new SearchableMap<true>();
  /** Completions of a word: its prefixes (MIN_COMPLETED_WORD letters or more) -> the words. */
  const completions = new Map<string, string[]>();
  const categories = new Facet();
  const brands = new Facet();

  // Per slot: flat typed arrays, grown together.
  const ids: string[] = [];
  const hashes: number[] = [];
  let positions = new Float64Array(1024);
  let prices = new Float64Array(1024);
  let inStock = new Uint8Array(1024);
  let categoryOf = new Int32Array(1024);
  let brandOf = new Int32Array(1024);
  let alive = new Uint8Array(1024);
  const slotOf = new Map<string, number>();
  let dead = 0;
  /** Each category's slots (dead ones included, skipped when read) and how many live parts it holds. */
  const slotsInCategory: number[][] = [];
  const liveInCategory: number[] = [];
  /** Fitment: each vehicle's slots, the universal slots, and per slot whether it has any fitment row. */
  const fitsOfVehicle = new Map<string, VehicleFits>();
  const universalSlots: number[] = [];
  let universal = new Uint8Array(1024);
  let hasFitment = new Uint8Array(1024);
  /**
   * The slots without fitment data (no row, not universal; dead ones included, skipped when read)
   * and how many of them are live: the same for every bike, so a bike's plain catalogue tells how
   * many parts it leaves out unconfirmed without reading them.
   */
  const unconfirmedSlots: number[] = [];
  let liveUnconfirmed = 0;
  /** No fitment data: no row and not universal, whatever the bike. */
  const isUnconfirmed = (slot: number) => (universal[slot]! | hasFitment[slot]!) === 0;
  /**
   * A bike's catalogue (no words, no filter: the parts that fit it or every bike, in catalogue
   * order, with their facet counts), kept per bike and year until a part is added or removed:
   * a rider browsing page after page costs a page each, not every part that fits.
   */
  const bikeCatalogues = new Map<string, BikeCatalogue>();
  /** The parts without fitment data, kept the same way (one list for every bike). */
  let unconfirmedCatalogue: BikeCatalogue | undefined;
  /**
   * Searches without a bike, by their words, filters and sort, until any part is added, removed,
   * repriced or goes in or out of stock: a rider's next page, or the same search by the next
   * rider, costs only its page.
   */
  const keptSearches = new Map<string, KeptResults>();
  let keptResults = 0;
  const forgetSearches = () => {
    keptSearches.clear();
    keptResults = 0;
  };

  // Scratch space of a query, one number per slot: scores, and the slots each word touched
  // (the first word's kept for the reset, the later ones' in turn).
  let scores = new Float64Array(1024);
  let wordScores = new Float64Array(1024);
  let wordsMatched = new Uint8Array(1024);
  let fitting = new Uint8Array(1024);
  let touchedBuffers = [new Int32Array(1024), new Int32Array(1024), new Int32Array(1024)] as const;

  const grow = () => {
    const size = alive.length * 2;
    const bigger = <T extends Float64Array | Int32Array | Uint8Array>(old: T, make: (n: number) => T) => {
      const next = make(size);
      next.set(old);
      return next;
    };
    alive = bigger(alive, (n) => new Uint8Array(n));
    positions = bigger(positions, (n) => new Float64Array(n));
    prices = bigger(prices, (n) => new Float64Array(n));
    inStock = bigger(inStock, (n) => new Uint8Array(n));
    categoryOf = bigger(categoryOf, (n) => new Int32Array(n));
    brandOf = bigger(brandOf, (n) => new Int32Array(n));
    universal = bigger(universal, (n) => new Uint8Array(n));
    hasFitment = bigger(hasFitment, (n) => new Uint8Array(n));
    fitting = new Uint8Array(size);
    scores = new Float64Array(size);
    wordScores = new Float64Array(size);
    wordsMatched = new Uint8Array(size);
    touchedBuffers = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  };

  const learnWord = (term: string) => {
    if (hasDigit(term)) return;
    words.set(term, true);
    for (let length = Math.max(MIN_COMPLETED_WORD, term.length - MAX_COMPLETION); length < term.length; length++) {
      const prefix = term.slice(0, length);
      const known = completions.get(prefix);
      if (!known) completions.set(prefix, [term]);
      else if (!known.includes(term)) known.push(term);
    }
  };

  const add = (part: IndexedPart) => {
    bikeCatalogues.clear();
    unconfirmedCatalogue = undefined;
    forgetSearches();
    const slot = ids.length;
    if (slot >= alive.length) grow();
    ids.push(part.id);
    positions[slot] = part.position;
    prices[slot] = part.priceCents;
    inStock[slot] = part.inStock ? 1 : 0;
    const category = categories.numberOf(part.category);
    categoryOf[slot] = category;
    (slotsInCategory[category] ??= []).push(slot);
    liveInCategory[category] = (liveInCategory[category] ?? 0) + 1;
    brandOf[slot] = brands.numberOf(part.brand);
    hashes.push(hashText(slotText(part)));
    alive[slot] = 1;
    slotOf.set(part.id, slot);
    universal[slot] = part.universal ? 1 : 0;
    if (part.universal) universalSlots.push(slot);
    hasFitment[slot] = part.fits.length > 0 ? 1 : 0;
    if (!part.universal && part.fits.length === 0) {
      unconfirmedSlots.push(slot);
      liveUnconfirmed++;
    }
    for (const fit of part.fits) {
      let fits = fitsOfVehicle.get(fit.vehicleId);
      if (!fits) fitsOfVehicle.set(fit.vehicleId, (fits = { slots: [], from: [], to: [] }));
      fits.slots.push(slot);
      fits.from.push(fit.from);
      fits.to.push(fit.to);
    }

    const fieldsOf = new Map<string, number>();
    const note = (text: string, field: number) => {
      for (const term of terms(text)) fieldsOf.set(term, (fieldsOf.get(term) ?? 0) | field);
    };
    const noteNumber = (text: string, field: number) => {
      note(text, field);
      const key = numberKey(text);
      if (key) fieldsOf.set(key, (fieldsOf.get(key) ?? 0) | field);
    };
    note(part.name, NAME);
    note(part.brand, BRAND);
    note(part.category, CATEGORY);
    note(part.description, DESCRIPTION);
    noteNumber(part.partNumber, PART_NUMBER);
    for (const oem of part.oemNumbers) noteNumber(oem, OEM_NUMBER);

    for (const [term, fields] of fieldsOf) {
      const posting = (slot << FIELD_BITS) | fields;
      const list = postings.get(term);
      if (list) list.push(posting);
      else {
        postings.set(term, [posting]);
        learnWord(term);
      }
      if (fields & (PART_NUMBER | OEM_NUMBER)) {
        const numbered = numberPostings.get(term);
        if (numbered) numbered.push(posting);
        else numberPostings.set(term, [posting]);
      }
    }
  };

  const remove = (id: string) => {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    bikeCatalogues.clear();
    unconfirmedCatalogue = undefined;
    forgetSearches();
    alive[slot] = 0;
    slotOf.delete(id);
    liveInCategory[categoryOf[slot]!]!--;
    if (isUnconfirmed(slot)) liveUnconfirmed--;
    dead++;
  };

  /** The terms a word of the query stands for, each with how well it matches. */
  const matchesOf = (word: string): Map<string, Match> => {
    const found = new Map<string, Match>();
    const offer = (term: string, match: Match) => {
      const known = found.get(term);
      if (!known || known.base < match.base) found.set(term, match);
    };
    if (postings.has(word)) offer(word, EXACT);
    if (word.length >= MIN_COMPLETED_WORD && !hasDigit(word)) for (const term of completions.get(word) ?? []) offer(term, COMPLETED);
    const typos = typosAllowed(word);
    if (typos > 0) {
      for (const [term, [, distance]] of words.fuzzyGet(word, typos)) {
        if (distance === 0) continue;
        const match = TYPO[distance as 1 | 2];
        offer(term, match);
        // A corrected word completes too: 'sprokit' -> 'sprocket' -> 'sprockets'.
        for (const longer of completions.get(term) ?? []) if (longer.length - term.length <= 2) offer(longer, match);
      }
    }
    return found;
  };

  /** A word's terms with their postings, and how many postings they hold in all. */
  const termsOf = (word: string): WordTerms => {
    const lists: number[][] = [];
    const matches: Match[] = [];
    let size = 0;
    for (const [term, match] of matchesOf(word)) {
      const list = postings.get(term)!;
      lists.push(list);
      matches.push(match);
      size += list.length;
    }
    return { lists, matches, size };
  };

  /** Scores one word's terms for the slots that matched every word before it, scanning each term's postings. */
  const scanWord = (terms: WordTerms, before: number, touched: Int32Array): number => {
    let count = 0;
    // Locals, not the closure's variables, in the hottest loop.
    const live = alive;
    const matchedWords = wordsMatched;
    const best = wordScores;
    for (let term = 0; term < terms.lists.length; term++) {
      const list = terms.lists[term]!;
      const { base, field } = terms.matches[term]!;
      for (let index = 0; index < list.length; index++) {
        const posting = list[index]!;
        const slot = posting >>> FIELD_BITS;
        if (live[slot] === 0 || matchedWords[slot] !== before) continue;
        const score = base + FIELD_WEIGHT[posting & FIELD_MASK]! * field;
        const known = best[slot]!;
        if (known === 0) touched[count++] = slot;
        if (score > known) best[slot] = score;
      }
    }
    return count;
  };

  /** The first word: every live slot may match, and scores start at 0, so they are written directly. */
  const scanFirstWord = (terms: WordTerms, touched: Int32Array): number => {
    let count = 0;
    const live = alive;
    const matchedWords = wordsMatched;
    const total = scores;
    for (let term = 0; term < terms.lists.length; term++) {
      const list = terms.lists[term]!;
      const { base, field } = terms.matches[term]!;
      for (let index = 0; index < list.length; index++) {
        const posting = list[index]!;
        const slot = posting >>> FIELD_BITS;
        if (live[slot] === 0) continue;
        const score = base + FIELD_WEIGHT[posting & FIELD_MASK]! * field;
        const known = total[slot]!;
        if (known === 0) {
          touched[count++] = slot;
          matchedWords[slot] = 1;
        }
        if (score > known) total[slot] = score;
      }
    }
    return count;
  };

  /**
   * The same for few candidates and long postings: each candidate is looked up in each term's
   * postings by binary search (postings are in slot order: slots only ever grow).
   */
  const probeWord = (terms: WordTerms, candidates: Int32Array, touched: Int32Array): number => {
    let count = 0;
    for (let term = 0; term < terms.lists.length; term++) {
      const list = terms.lists[term]!;
      const { base, field } = terms.matches[term]!;
      for (const slot of candidates) {
        const lowest = slot << FIELD_BITS;
        let low = 0;
        let high = list.length;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (list[middle]! < lowest) low = middle + 1;
          else high = middle;
        }
        const posting = list[low];
        if (posting === undefined || posting >>> FIELD_BITS !== slot) continue;
        const score = base + FIELD_WEIGHT[posting & FIELD_MASK]! * field;
        if (wordScores[slot] === 0) touched[count++] = slot;
        if (score > wordScores[slot]!) wordScores[slot] = score;
      }
    }
    return count;
  };

  /**
   * Every live slot that matches all words of the query (or the whole query as a number), with
   * its score in `scores`; `every` when the query has no words (all live slots, unscored). The
   * rarest word goes first, so each later word only checks the few slots still in the running.
   */
  const match = (q: string): { every: boolean; slots: Int32Array; reset: () => void } => {
    const none = { every: false, slots: new Int32Array(0), reset: () => {} };
    const queryWords = [...new Set(fold(q).match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_QUERY_WORDS);
    // Only punctuation ('*', '"', '-'): nothing to look for, so nothing found.
    if (queryWords.length === 0) return { ...none, every: q.trim() === '' };

    const words = queryWords.map(termsOf).sort((a, b) => a.size - b.size);
    const [first, ping, pong] = touchedBuffers;
    let firstCount = 0;
    let matched = first.subarray(0, 0);
    words.forEach((terms, index) => {
      const touched = index === 0 ? first : index % 2 === 1 ? ping : pong;
      if (index === 0) {
        firstCount = scanFirstWord(terms, touched);
        matched = touched.subarray(0, firstCount);
        return;
      }
      const count = matched.length * 16 < terms.size ? probeWord(terms, matched, touched) : scanWord(terms, index, touched);
      for (let at = 0; at < count; at++) {
        const slot = touched[at]!;
        scores[slot]! += wordScores[slot]!;
        wordsMatched[slot] = index + 1;
        wordScores[slot] = 0;
      }
      matched = touched.subarray(0, count);
    });
    const everyWord = words.length;

    // The whole query as a part number ('HF 204', 'hf-204'): that part first, then parts it replaces.
    const key = numberKey(q);
    const numbered = key.length >= 2 ? numberPostings.get(key) : undefined;
    const extra: number[] = [];
    for (const posting of numbered ?? []) {
      const slot = posting >>> FIELD_BITS;
      const fields = posting & FIELD_MASK;
      const bonus = fields & PART_NUMBER ? PART_NUMBER_BONUS : fields & OEM_NUMBER ? OEM_NUMBER_BONUS : 0;
      if (alive[slot] === 0 || bonus === 0) continue;
      if (wordsMatched[slot] !== everyWord) {
        extra.push(slot);
        wordsMatched[slot] = everyWord;
      }
      scores[slot]! += bonus;
    }
    const slots = extra.length === 0 ? matched : Int32Array.from([...matched, ...extra]);
    return {
      every: false,
      slots,
      reset: () => {
        for (let at = 0; at < firstCount; at++) {
          const slot = first[at]!;
          scores[slot] = 0;
          wordsMatched[slot] = 0;
        }
        for (const slot of extra) {
          scores[slot] = 0;
          wordsMatched[slot] = 0;
        }
      },
    };
  };

  /**
   * Marks in `fitting` every live slot that fits this vehicle in this year or fits every bike;
   * answers those slots and how to clear the marks.
   */
  const markFitting = (vehicleId: string, year: number): { slots: Int32Array; reset: () => void } => {
    const fits = fitsOfVehicle.get(vehicleId);
    const marked: number[] = [];
    const mark = (slot: number) => {
      if (alive[slot] === 0 || fitting[slot] === 1) return;
      fitting[slot] = 1;
      marked.push(slot);
    };
    if (fits) for (let index = 0; index < fits.slots.length; index++) if (fits.from[index]! <= year && year <= fits.to[index]!) mark(fits.slots[index]!);
    for (const slot of universalSlots) mark(slot);
    return {
      slots: Int32Array.from(marked),
      reset: () => {
        for (const slot of marked) fitting[slot] = 0;
      },
    };
  };

  /** A marked slot's verdict (`markFitting` has run for the bike). */
  const verdictOf = (slot: number): FitVerdict =>
    universal[slot] === 1 ? 'universal' : fitting[slot] === 1 ? 'fits' : hasFitment[slot] === 1 ? 'no' : 'unknown';

  /** The parts fitting the bike (or every bike) in catalogue order and their facet counts: kept, or gathered now. */
  const bikeCatalogueOf = (vehicleId: string, year: number): BikeCatalogue => {
    const key = `${vehicleId}:${year}`;
    const kept = bikeCatalogues.get(key);
    if (kept) return kept;
    const bike = markFitting(vehicleId, year);
    bike.reset();
    const gathered = catalogueOf(bike.slots);
    if (bikeCatalogues.size >= BIKE_CATALOGUES_KEPT) bikeCatalogues.delete(bikeCatalogues.keys().next().value!);
    bikeCatalogues.set(key, gathered);
    return gathered;
  };

  /** The parts without fitment data in catalogue order and their facet counts: kept, or gathered now. */
  const unconfirmedCatalogueOf = (): BikeCatalogue =>
    (unconfirmedCatalogue ??= catalogueOf(Int32Array.from(unconfirmedSlots.filter((slot) => alive[slot] === 1))));

  /** Live slots put in catalogue order, with their facet counts. */
  const catalogueOf = (slots: Int32Array): BikeCatalogue => {
    slots.sort((a, b) => positions[a]! - positions[b]!);
    const categoryCounts = new Int32Array(categories.names.length);
    const brandCounts = new Int32Array(brands.names.length);
    for (const slot of slots) {
      categoryCounts[categoryOf[slot]!]!++;
      brandCounts[brandOf[slot]!]!++;
    }
    return { slots, facets: { category: facetCounts(categoryCounts, categories.names, undefined), brand: facetCounts(brandCounts, brands.names, undefined) } };
  };

  /** The values counted (and the one chosen, even at none), most parts first; no empty value. */
  const facetCounts = (counts: Int32Array, names: string[], selected: number | undefined): FacetCount[] => {
    const values: FacetCount[] = [];
    counts.forEach((count, number) => {
      // Parts without a brand are counted in the total, not as a brand of their own.
      if ((count > 0 || number === selected) && names[number] !== '') values.push({ value: names[number]!, count });
    });
    return values.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en'));
  };

  /**
   * A search's results after its words and filters, in the order found, each with one number
   * that places it (larger first), the facet counts and, for a bike's fitting parts, how many
   * were left out for want of fitment data. With a bike, `markFitting` has marked it
   * (`fittingSlots`), except for the parts without data, which need no marks.
   */
  const gather = (query: IndexQuery, fittingSlots: Int32Array | undefined): { slots: Int32Array; keys: Float64Array; unconfirmed: number; facets: IndexAnswer['facets'] } => {
    const show = query.bike?.show;
    const { every, slots, reset } = match(query.q);
    const onlyFitting = show === 'fitting';
    const onlyUnconfirmed = show === 'unconfirmed';
    const narrowed = onlyFitting || onlyUnconfirmed;
    try {
      const category = query.category === undefined ? undefined : (categories.find(query.category) ?? -1);
      const brand = query.brand === undefined ? undefined : (brands.find(query.brand) ?? -1);
      const categoryCounts = new Int32Array(categories.names.length);
      const brandCounts = new Int32Array(brands.names.length);
      const wantStock = query.inStock;
      const allCategories = category === undefined;
      const allBrands = brand === undefined;
      const stock = inStock;
      const categoryOfSlot = categoryOf;
      const brandOfSlot = brandOf;
      const live = alive;
      // No text, one category, no other filter: its own slots, and the categories' counts as kept.
      const oneCategory = every && category !== undefined && category >= 0 && allBrands && !wantStock && !narrowed;
      // No text and a bike: its fitting slots are the candidates, and the ones without data, to be counted; or those alone.
      const candidates = every && onlyFitting ? concat(fittingSlots!, unconfirmedSlots) : every && onlyUnconfirmed ? unconfirmedSlots : oneCategory ? (slotsInCategory[category] ?? []) : slots;
      const scanAll = every && !oneCategory && !narrowed;
      const fits = fitting;
      const noRow = hasFitment;
      const forEveryBike = universal;
      const end = scanAll ? ids.length : candidates.length;
      const results = new Int32Array(end);
      // Each result's place as one number, larger first: no comparison function per result.
      const keys = new Float64Array(end);
      const sort = SORT_CODES[query.sort];
      const total = scores;
      const position = positions;
      const price = prices;
      let found = 0;
      let unconfirmed = 0;
      for (let index = 0; index < end; index++) {
        const slot = scanAll ? index : candidates[index]!;
        if (live[slot] === 0 || (wantStock && stock[slot] === 0)) continue;
        const slotCategory = categoryOfSlot[slot]!;
        const slotBrand = brandOfSlot[slot]!;
        const inCategory = allCategories || slotCategory === category;
        const ofBrand = allBrands || slotBrand === brand;
        if (narrowed) {
          const withoutData = (forEveryBike[slot]! | noRow[slot]!) === 0;
          if (onlyFitting ? fits[slot] === 0 : !withoutData) {
            // Left out of the fitting parts for want of data: one more the rider may look at.
            if (withoutData && inCategory && ofBrand) unconfirmed++;
            continue;
          }
        }
        // Each facet counts as if its own filter were not set, so its other values stay choosable.
        if (ofBrand) categoryCounts[slotCategory]!++;
        if (inCategory) brandCounts[slotBrand]!++;
        if (!inCategory || !ofBrand) continue;
        results[found] = slot;
        keys[found++] =
          sort === RELEVANCE
            ? total[slot]! * SCORE_SCALE - position[slot]!
            : sort === PRICE_ASC
              ? -price[slot]! * PRICE_SCALE - position[slot]!
              : sort === PRICE_DESC
                ? price[slot]! * PRICE_SCALE - position[slot]!
                : sort === NEWEST
                  ? position[slot]!
                  : -position[slot]!;
      }
      if (oneCategory) liveInCategory.forEach((live, number) => (categoryCounts[number] = live));
      return {
        slots: results.subarray(0, found),
        keys: keys.subarray(0, found),
        unconfirmed,
        facets: {
          category: facetCounts(categoryCounts, categories.names, category === -1 ? undefined : category),
          brand: facetCounts(brandCounts, brands.names, brand === -1 ? undefined : brand),
        },
      };
    } finally {
      reset();
    }
  };

  /** A search without a bike: kept, or gathered now and kept. */
  const keptSearchOf = (query: IndexQuery): KeptResults => {
    const key = JSON.stringify([query.q, query.category ?? null, query.brand ?? null, query.inStock, query.sort]);
    const known = keptSearches.get(key);
    if (known) {
      // Asked again: the last to be let go.
      keptSearches.delete(key);
      keptSearches.set(key, known);
      return known;
    }
    const { slots, keys, facets } = gather(query, undefined);
    const kept: KeptResults = { slots: slots.slice(), keys: keys.slice(), facets, ranked: [] };
    keptSearches.set(key, kept);
    keptResults += kept.slots.length;
    for (const [oldest, { slots: held }] of keptSearches) {
      if (oldest === key || (keptSearches.size <= SEARCHES_KEPT && keptResults <= KEPT_RESULTS_MAX)) break;
      keptSearches.delete(oldest);
      keptResults -= held.length;
    }
    return kept;
  };

  /** A page of kept results: within the first RANKED_KEPT_MAX, cut from the ranked list (ranked further when needed). */
  const pageOfKept = (kept: KeptResults, offset: number, limit: number): number[] => {
    const found = kept.slots.length;
    const wanted = Math.min(offset + limit, found);
    if (wanted > RANKED_KEPT_MAX) return pageOf(kept.slots, kept.keys, found, offset, limit);
    if (kept.ranked.length < wanted) kept.ranked = pageOf(kept.slots, kept.keys, found, 0, Math.min(Math.max(wanted, 2 * kept.ranked.length, RANKED_KEPT_MIN), RANKED_KEPT_MAX));
    return kept.ranked.slice(offset, offset + limit);
  };

  return {
    add,
    remove,
    /** Adds the part, or brings it up to date: its stock and price in place, a new slot when its text changed. */
    put(part: IndexedPart) {
      const slot = slotOf.get(part.id);
      if (slot !== undefined && hashes[slot] === hashText(slotText(part))) {
        const stocked = part.inStock ? 1 : 0;
        // Most stock changes (an order taken) leave a part orderable: kept searches stay right.
        if (prices[slot] !== part.priceCents || inStock[slot] !== stocked) forgetSearches();
        prices[slot] = part.priceCents;
        inStock[slot] = stocked;
        return;
      }
      remove(part.id);
      add(part);
    },
    get size() {
      return slotOf.size;
    },
    /** The share of slots held by parts removed or changed since the index was built. */
    get deadShare() {
      return ids.length === 0 ? 0 : dead / ids.length;
    },

    search(query: IndexQuery): IndexAnswer {
      const show = query.bike?.show;
      const plainBikeCatalogue =
        (show === 'fitting' || show === 'unconfirmed') &&
        query.q.trim() === '' &&
        !query.inStock &&
        query.category === undefined &&
        query.brand === undefined &&
        (query.sort === 'catalogue' || query.sort === 'relevance');
      if (plainBikeCatalogue) {
        // A page's cost at any depth: the list is kept, and the parts left out unconfirmed are counted as they come and go.
        const { slots, facets } = show === 'fitting' ? bikeCatalogueOf(query.bike!.vehicleId, query.bike!.year) : unconfirmedCatalogueOf();
        const page = Array.from(slots.subarray(query.offset, query.offset + query.limit));
        const fit = page.map((slot): FitVerdict => (show === 'unconfirmed' ? 'unknown' : universal[slot] === 1 ? 'universal' : 'fits'));
        return { total: slots.length, ids: page.map((slot) => ids[slot]!), fit, ...(show === 'fitting' ? { unconfirmed: liveUnconfirmed } : {}), facets };
      }
      if (!query.bike) {
        const kept = keptSearchOf(query);
        return { total: kept.slots.length, ids: pageOfKept(kept, query.offset, query.limit).map((slot) => ids[slot]!), facets: kept.facets };
      }
      // The parts without data are the same for every bike: only the other lists need the bike's marks.
      const bike = show !== 'unconfirmed' ? markFitting(query.bike.vehicleId, query.bike.year) : undefined;
      try {
        const { slots, keys, unconfirmed, facets } = gather(query, bike?.slots);
        const page = pageOf(slots, keys, slots.length, query.offset, query.limit);
        return {
          total: slots.length,
          ids: page.map((slot) => ids[slot]!),
          fit: page.map(verdictOf),
          ...(show === 'fitting' ? { unconfirmed } : {}),
          facets,
        };
      } finally {
        bike?.reset();
      }
    },
  };
}
export type SearchIndex = ReturnType<typeof createSearchIndex>;

/** Two lists of slots as one. */
const concat = (first: Int32Array, second: readonly number[]): Int32Array => {
  const both = new Int32Array(first.length + second.length);
  both.set(first);
  both.set(second, first.length);
  return both;
};

/** The fewest candidates a page's buffer holds before it is cut back (see `pageOf`). */
const MIN_CANDIDATES = 4096;

/**
 * The results from `offset` to `offset + limit`, largest key first (equal keys in result order,
 * as a stable sort gives them), at about the same cost at any depth. Candidates gather in a
 * buffer; when it holds twice the `offset + limit` wanted (or MIN_CANDIDATES), quickselect cuts
 * it back to the best of them, and from then on a result no better than the worst kept is turned
 * away with one comparison. That is linear in the results whatever their order, where a sorted
 * buffer moved up to `offset + limit` entries per result and made deep pages quadratic. Only the
 * page itself is sorted.
 */
function pageOf(results: Int32Array, keys: Float64Array, found: number, offset: number, limit: number): number[] {
  const wanted = Math.min(offset + limit, found);
  if (offset >= wanted) return [];
  // Best first; of equal keys, the result found first.
  const compare = (a: number, b: number) => keys[b]! - keys[a]! || a - b;
  const capacity = Math.max(2 * wanted, MIN_CANDIDATES);
  const kept: number[] = [];
  // Results come in index order, so one whose key is no larger than the worst kept's ranks below it.
  let worst = -Infinity;
  for (let index = 0; index < found; index++) {
    if (keys[index]! <= worst) continue;
    kept.push(index);
    if (kept.length === capacity) {
      quickselect(kept, wanted - 1, 0, capacity - 1, compare);
      kept.length = wanted;
      worst = keys[kept[wanted - 1]!]!;
    }
  }
  if (kept.length > wanted) {
    quickselect(kept, wanted - 1, 0, kept.length - 1, compare);
    kept.length = wanted;
  }
  if (offset > 0) quickselect(kept, offset, 0, wanted - 1, compare);
  return kept
    .slice(offset)
    .sort(compare)
    .map((index) => results[index]!);
}
