import { type BikeShow, type Product, type ProductCount, SEARCH_PAGE_SIZE, type SearchAnswer, type searchQuerySchema } from '@shop/shared';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CatalogueService } from '../products/products.plugin.js';
import type { VehiclesService } from '../vehicles/vehicles.plugin.js';
import { createSearchIndex, type IndexAnswer, type IndexQuery, type SearchIndex } from './search-index.js';
import type { LogMark, SearchRepository } from './search.repository.js';

export type SearchQuery = z.output<typeof searchQuerySchema>;

/** A rider's bike as the list, the count and search take it (`vehicle`, `year`, `show`). */
export interface BikeFilter {
  vehicle?: string | undefined;
  year?: number | undefined;
  show?: BikeShow | undefined;
}

/** With a bike and the default `show`: the parts left out for want of fitment data, and those that match without the bike. */
type MatchCounts = Pick<SearchAnswer, 'unconfirmed' | 'withoutBike'>;

export interface SearchTiming {
  /** A search reads the change log first when it was last read longer ago than this. */
  syncAfterMs: number;
  /** A change is deleted from the log this long after an instance saw it committed. */
  keepChangesMs: number;
}

const DEFAULT_TIMING: SearchTiming = { syncAfterMs: 250, keepChangesMs: 10 * 60 * 1000 };
const LOAD_BATCH = 5000;
/** Parts added to a new index between two turns of the event loop: requests keep being answered while it is built. */
const PARTS_PER_TURN = 500;
const CHANGES_BATCH = 2000;
/** A fresh index is built once this share of its slots belong to parts since changed or removed. */
const REBUILD_AT_DEAD_SHARE = 0.25;

/**
 * Search over the catalogue (decision 012). Each instance keeps its own index in memory, built
 * from the database on first use, and follows every instance's writes through the change log
 * the database keeps (migration 013): a search reads the log when it was last read more than
 * `syncAfterMs` ago, or when this instance wrote since; the page's parts come from the
 * database, so stock and prices on the cards are always current. The log is read by mark (see
 * `LogMark`): each read takes every change committed since the last one, however long its
 * writer ran.
 */
export function createSearchService({
  repository,
  catalogue,
  vehicles,
  log,
  timing = DEFAULT_TIMING,
}: {
  repository: SearchRepository;
  catalogue: Pick<CatalogueService, 'findMany'>;
  vehicles: Pick<VehiclesService, 'assertBike'>;
  log: FastifyBaseLogger;
  timing?: SearchTiming;
}) {
  let index: SearchIndex | undefined;
  let loading: Promise<SearchIndex> | undefined;
  /** Every change committed by this mark is in the index. */
  let mark: LogMark = '0';
  let syncedAt = 0;
  let changedHere = false;
  let syncing: Promise<void> | undefined;
  let rebuilding = false;
  let prunedAt = 0;
  /** Marks taken at each pruning, oldest first: the log is pruned up to one taken `keepChangesMs` ago. */
  const pruneMarks: Array<{ at: number; mark: LogMark }> = [];

  /** A whole index from the database; the change log is read from where it stood before. */
  const build = async (): Promise<{ fresh: SearchIndex; from: LogMark }> => {
    const startedAt = performance.now();
    const from = await repository.logMark();
    const fresh = createSearchIndex();
    let last = '';
    for (;;) {
      const batch = await repository.partsAfter(last, LOAD_BATCH);
      for (const [position, part] of batch.entries()) {
        fresh.add(part);
        if (position % PARTS_PER_TURN === PARTS_PER_TURN - 1) await nextTurn();
      }
      if (batch.length < LOAD_BATCH) break;
      last = batch[batch.length - 1]!.id;
    }
    log.info({ parts: fresh.size, ms: Math.round(performance.now() - startedAt) }, 'search index built');
    return { fresh, from };
  };

  const install = ({ fresh, from }: { fresh: SearchIndex; from: LogMark }) => {
    index = fresh;
    mark = from;
    syncedAt = 0;
  };

  const ready = (): Promise<SearchIndex> => {
    if (index) return Promise.resolve(index);
    loading ??= build().then(
      (built) => {
        install(built);
        return built.fresh;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  const rebuildInBackground = () => {
    if (rebuilding) return;
    rebuilding = true;
    build()
      .then(install, (error: unknown) => log.error({ err: error }, 'search index rebuild failed'))
      .finally(() => {
        rebuilding = false;
      });
  };

  const readChanges = async (target: SearchIndex) => {
    const from = mark;
    const to = await repository.logMark();
    let after = 0;
    for (;;) {
      const changes = await repository.changesBetween(from, to, after, CHANGES_BATCH);
      const ids = [...new Set(changes.map((change) => change.productId))];
      const found = new Map((await repository.partsByIds(ids)).map((part) => [part.id, part]));
      if (target !== index) return; // a rebuild replaced the index meanwhile; the next sync reads from its mark
      for (const id of ids) {
        const part = found.get(id);
        if (part) target.put(part);
        else target.remove(id);
      }
      if (changes.length < CHANGES_BATCH) break;
      after = changes[changes.length - 1]!.seq;
    }
    mark = to;
  };

  /** Prunes the log up to a mark taken `keepChangesMs` ago: a change stays that long after it committed, however long its writer ran. */
  const prune = async (now: number, current: LogMark) => {
    pruneMarks.push({ at: now, mark: current });
    let due: LogMark | undefined;
    while (pruneMarks.length > 0 && now - pruneMarks[0]!.at >= timing.keepChangesMs) due = pruneMarks.shift()!.mark;
    if (due !== undefined) await repository.pruneChangesUpTo(due);
  };

  const sync = async () => {
    const current = await ready();
    // A read already under way may have started before this instance's latest write: wait for it, then look again.
    while (syncing) await syncing.catch(() => undefined);
    const stale = Date.now() - syncedAt >= timing.syncAfterMs;
    if (!stale && !changedHere) return;
    changedHere = false;
    const startedAt = Date.now();
    // An instance that has not read the log for a long while may have missed changes pruned since.
    const idle = syncedAt > 0 && startedAt - syncedAt > timing.keepChangesMs / 2;
    syncing = (async () => {
      if (idle && (await repository.prunedAfter(mark))) rebuildInBackground();
      await readChanges(current);
      syncedAt = startedAt;
      if (current.deadShare > REBUILD_AT_DEAD_SHARE && current.size > 1000) rebuildInBackground();
      if (startedAt - prunedAt > timing.keepChangesMs / 10) {
        prunedAt = startedAt;
        await prune(startedAt, mark);
      }
    })().finally(() => {
      syncing = undefined;
    });
    return syncing;
  };

  /** The index's bike, once the vehicle is known and was made in that year (422 otherwise). */
  const bikeOf = async (filter: BikeFilter): Promise<IndexQuery['bike']> => {
    if (filter.vehicle === undefined || filter.year === undefined) return undefined;
    await vehicles.assertBike(filter.vehicle, filter.year);
    return { vehicleId: filter.vehicle, year: filter.year, show: filter.show ?? 'fitting' };
  };

  /** The page's parts from the database (current stock and prices), each with its verdict for the bike asked about. */
  const productsOf = async (answer: IndexAnswer): Promise<Product[]> => {
    const products = await catalogue.findMany(answer.ids);
    if (!answer.fit) return products;
    const fitOf = new Map(answer.ids.map((id, index) => [id, answer.fit![index]!]));
    return products.map((product) => ({ ...product, fit: fitOf.get(product._id)! }));
  };

  /**
   * The index's answer for the bike; with `counted`, also the counts a page needs to never say
   * nothing matches while parts do: when nothing fits and nothing lacks data, how many parts
   * match without the bike (a second look, limit 0, only then).
   */
  const query = async (indexQuery: Omit<IndexQuery, 'bike'>, filter: BikeFilter, counted = false): Promise<IndexAnswer & MatchCounts> => {
    const bike = await bikeOf(filter);
    await sync();
    const current = index!;
    const answer = current.search({ ...indexQuery, bike });
    if (!counted || answer.unconfirmed === undefined || answer.total > 0 || answer.unconfirmed > 0) return answer;
    return { ...answer, withoutBike: current.search({ ...indexQuery, bike: undefined, offset: 0, limit: 0 }).total };
  };

  const matchCounts = ({ unconfirmed, withoutBike }: MatchCounts): MatchCounts => ({
    ...(unconfirmed === undefined ? {} : { unconfirmed }),
    ...(withoutBike === undefined ? {} : { withoutBike }),
  });

  return {
    /** Builds the index now rather than on the first search (at start-up of a serving instance). */
    async warm(): Promise<void> {
      await ready();
    },
    /** Whether the index is in memory: until then this instance is not ready to serve (`/api/ready`). */
    isBuilt(): boolean {
      return index !== undefined;
    },
    /** This instance wrote something: the next search reads the change log first. */
    changedHere() {
      changedHere = true;
    },
    async search(search: SearchQuery): Promise<SearchAnswer> {
      const size = search.size ?? SEARCH_PAGE_SIZE;
      const answer = await query(
        {
          q: search.q,
          category: search.category || undefined,
          brand: search.brand || undefined,
          inStock: search.inStock ?? false,
          sort: search.sort,
          offset: (search.page ?? 0) * size,
          limit: size,
        },
        search,
        true,
      );
      return { total: answer.total, products: await productsOf(answer), facets: answer.facets, ...matchCounts(answer) };
    },
    /** A page of the catalogue, in catalogue order, for a rider's bike (the paged list with `vehicle` and `year`). */
    async cataloguePage(filter: BikeFilter, offset: number, limit: number): Promise<Product[]> {
      return productsOf(await query({ q: '', inStock: false, sort: 'catalogue', offset, limit }, filter));
    },
    /** How many parts the catalogue holds for a rider's bike (the count with `vehicle` and `year`), and the counts beside it. */
    async catalogueCount(filter: BikeFilter): Promise<ProductCount> {
      const answer = await query({ q: '', inStock: false, sort: 'catalogue', offset: 0, limit: 0 }, filter, true);
      return { count: answer.total, ...matchCounts(answer) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
