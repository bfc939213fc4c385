import { bikeName, SEARCH_PAGE_SIZE, SEARCH_SORT_LABELS, SEARCH_SORTS, type FacetCount, type Product, type SearchAnswer, type SearchSort } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useCategories } from '@/api/categories/get-categories';
import { useSearch } from '@/api/search/get-search';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { Pager } from '@/components/ui/pager';
import { paths } from '@/config/paths';
import { useAddressParams } from '@/hooks/use-address-params';
import { BREAKPOINTS, useMediaQuery } from '@/hooks/use-media-query';
import { type BikeFilter, bikeSearchParams, keptShowParams, useBikeFilter } from '@/stores/garage';
import { searchCopy as copy } from '../copy';
import { readSearchState, searchApiParams, searchStateParams, type SearchState } from '../search-state';

/** What the page hands to the grid of product cards it is composed with. */
export interface SearchResults {
  products: readonly Product[] | undefined;
  status: 'pending' | 'error' | 'success';
  isUpdating: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  empty: ReactNode;
  bikeModel: string | undefined;
}

/**
 * /search (SPEC-2 section 4): the parts found for the text in the address, narrowed by
 * category, brand and stock, sorted, in pages of twelve; every choice lives in the address, so
 * a reload, Back or a shared link shows the same list.
 */
export function SearchPage({ renderResults, bikeBar }: { renderResults: (results: SearchResults) => ReactNode; bikeBar?: ReactNode }) {
  const [searchParams, changeParams] = useAddressParams();
  const state = readSearchState(searchParams);
  // With an active bike, the parts found that fit it (or every part found, or those without fitment data, each with its badge).
  const bikeFilter = useBikeFilter();
  const { bike, query: bikeQuery } = bikeFilter;
  const search = useSearch({ ...searchApiParams(state), ...bikeSearchParams(bikeQuery) });
  const answer = search.data;

  // The list shown for the rider's bike stays as the filters, the sort and the page change.
  // Each choice starts from the newest address, so quick choices one after another all stay.
  const go = (next: (current: SearchState) => SearchState) =>
    changeParams((current) => ({ ...searchStateParams(next(readSearchState(current))), ...keptShowParams(current) }));
  const change = (next: Partial<SearchState>) => go((current) => ({ ...current, page: 0, ...next }));
  const filtered = state.category !== '' || state.brand !== '' || state.inStock;
  const pageCount = answer ? Math.ceil(answer.total / SEARCH_PAGE_SIZE) : undefined;
  const heading = state.q ? copy.resultsFor(state.q) : state.category || copy.allParts;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-12">
      <title>{copy.documentTitle(state.q)}</title>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2 sm:mb-8">
        <h1 className="min-w-0 text-2xl font-bold wrap-anywhere sm:text-3xl">{heading}</h1>
        <p role="status" className="text-base-content/70 min-h-6">
          {answer ? copy.count(answer.total) : ''}
        </p>
      </div>
      {bikeBar}
      <div className="grid gap-6 lg:grid-cols-[15rem_1fr] lg:gap-8">
        <Filters
          state={state}
          answer={answer}
          onChange={change}
          onClear={filtered ? () => change({ category: '', brand: '', inStock: false }) : undefined}
        />
        <section aria-label={heading} className="flex min-w-0 flex-col gap-8">
          {renderResults({
            products: answer?.products,
            status: search.status,
            isUpdating: search.isPlaceholderData,
            isRetrying: search.isRefetching,
            onRetry: () => void search.refetch(),
            bikeModel: bike?.model,
            empty: (
              <NoParts
                state={state}
                answer={answer}
                bikeFilter={bikeFilter}
                onClear={filtered ? () => change({ category: '', brand: '', inStock: false }) : undefined}
                onFirstPage={() => change({})}
              />
            ),
          })}
          <Pager
            page={state.page}
            hasNext={pageCount !== undefined && state.page < pageCount - 1}
            onPageChange={(page) => go((current) => ({ ...current, page }))}
            labels={{ ...copy.pages, position: (page) => copy.pages.position(page, pageCount) }}
            disabled={search.isPlaceholderData}
          />
          {answer && answer.products.length > 0 && <AfterBikeResults bikeFilter={bikeFilter} answer={answer} />}
        </section>
      </div>
    </div>
  );
}

/**
 * Category, brand, stock and the sort: beside the results from the lg breakpoint; below it one
 * 'Filters' button (with how many are on) that opens them in a sheet, so the results come first.
 * Each choice applies at once, as beside the results; the sheet's last button shows them.
 */
function Filters({
  state,
  answer,
  onChange,
  onClear,
}: {
  state: SearchState;
  answer: SearchAnswer | undefined;
  onChange: (next: Partial<SearchState>) => void;
  onClear: (() => void) | undefined;
}) {
  const wide = useMediaQuery(BREAKPOINTS.lg);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const controls = (
    <>
      <FacetSelect label={copy.category} everything={copy.allCategories} value={state.category} counts={answer?.facets.category} onChange={(category) => onChange({ category })} />
      <FacetSelect label={copy.brand} everything={copy.allBrands} value={state.brand} counts={answer?.facets.brand} onChange={(brand) => onChange({ brand })} />
      <label className="flex cursor-pointer items-center gap-3 py-2">
        <input type="checkbox" className="checkbox" checked={state.inStock} onChange={(event) => onChange({ inStock: event.target.checked })} />
        <span>{copy.inStockOnly}</span>
      </label>
      <label className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-medium">{copy.sortBy}</span>
        <select className="select w-full" value={state.sort} onChange={(event) => onChange({ sort: event.target.value as SearchSort })}>
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SEARCH_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
  if (wide) {
    return (
      <aside aria-label={copy.filters}>
        <div className="grid grid-cols-1 gap-4">{controls}</div>
      </aside>
    );
  }
  const active = [state.category !== '', state.brand !== '', state.inStock].filter(Boolean).length;
  return (
    <div>
      <button
        type="button"
        className="btn btn-outline gap-2"
        aria-haspopup="dialog"
        // The number said in words: 'Filters (2 filters on)'.
        aria-label={active > 0 ? `${copy.filters} ${copy.filtersOn(active)}` : undefined}
        onClick={() => setOpen(true)}
      >
        <FilterIcon className="size-5" />
        {copy.filters}
        {active > 0 && <span className="badge badge-primary badge-sm">{active}</span>}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={headingId}>
        <h2 id={headingId} className="mb-4 text-lg font-bold">
          {copy.filters}
        </h2>
        <div className="flex flex-col gap-4">{controls}</div>
        <div className="modal-action flex-wrap">
          {onClear && (
            <button type="button" className="btn btn-ghost" onClick={onClear}>
              {copy.clearFilters}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
            {answer ? copy.showParts(answer.total) : copy.showResults}
          </button>
        </div>
      </Modal>
    </div>
  );
}

/** A filter: every value the results hold, with how many parts each would show. */
function FacetSelect({
  label,
  everything,
  value,
  counts,
  onChange,
}: {
  label: string;
  everything: string;
  value: string;
  counts: readonly FacetCount[] | undefined;
  onChange: (value: string) => void;
}) {
  // The chosen value stays listed while a new answer loads or when it no longer matches anything.
  const options = counts ?? (value ? [{ value, count: 0 }] : []);
  return (
    <label className="flex min-w-0 flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select className="select w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{everything}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {copy.facetValue(option.value, option.count)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Under the parts found that fit the bike, the ones that match but have no fitment data; under those, the way back. */
function AfterBikeResults({ bikeFilter, answer }: { bikeFilter: BikeFilter; answer: SearchAnswer }) {
  const { bike, show, setShow, showHref } = bikeFilter;
  if (!bike) return null;
  if (show === 'unconfirmed') {
    return (
      <div className="flex justify-center">
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setShow('fitting')}>
          {copy.backToFitting(bike.model)}
        </button>
      </div>
    );
  }
  if (!answer.unconfirmed) return null;
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-4 text-center sm:flex-row sm:justify-center">
      <p>{copy.moreUnconfirmed(answer.unconfirmed, bike.model)}</p>
      <Link to={showHref('unconfirmed')} className="btn btn-sm btn-outline">
        {copy.showUnconfirmed}
      </Link>
    </div>
  );
}

/**
 * Nothing to show: nothing found for the text, nothing under these filters, or a page past the
 * end. With a bike, never 'No parts found' while parts match without it: some may fit but have
 * no fitment data, or all of them fit other bikes; either way every part is a click away.
 */
function NoParts({
  state,
  answer,
  bikeFilter,
  onClear,
  onFirstPage,
}: {
  state: SearchState;
  answer: SearchAnswer | undefined;
  bikeFilter: BikeFilter;
  onClear: (() => void) | undefined;
  onFirstPage: () => void;
}) {
  const categories = useCategories();
  const total = answer?.total ?? 0;
  if (total > 0) {
    return (
      <EmptyState
        text={copy.pageEmpty}
        action={
          <button type="button" className="btn btn-primary" onClick={onFirstPage}>
            {copy.firstPage}
          </button>
        }
      />
    );
  }
  const { bike, show, setShow, showHref } = bikeFilter;
  const clear = onClear && (
    <button type="button" className="btn btn-outline" onClick={onClear}>
      {copy.clearFilters}
    </button>
  );
  if (bike && show === 'unconfirmed') {
    return (
      <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-8 text-center">
        <p className="text-lg font-medium">{copy.noneUnconfirmed(bike.model)}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className="btn btn-primary" onClick={() => setShow('fitting')}>
            {copy.backToFitting(bike.model)}
          </button>
          {clear}
        </div>
      </div>
    );
  }
  const unconfirmed = answer?.unconfirmed ?? 0;
  if (bike && (unconfirmed > 0 || (answer?.withoutBike ?? 0) > 0)) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-8 text-center">
        <p className="max-w-full text-lg font-medium wrap-anywhere">
          {unconfirmed > 0 ? copy.noneConfirmed(state.q, bikeName(bike)) : copy.noneFit(state.q, bikeName(bike))}
        </p>
        {unconfirmed > 0 && <p>{copy.moreUnconfirmed(unconfirmed, bike.model)}</p>}
        <div className="flex flex-wrap justify-center gap-2">
          {unconfirmed > 0 && (
            <Link to={showHref('unconfirmed')} className="btn btn-primary">
              {copy.showUnconfirmed}
            </Link>
          )}
          <button type="button" className={`btn ${unconfirmed > 0 ? 'btn-outline' : 'btn-primary'}`} onClick={() => setShow('all')}>
            {copy.showAll}
          </button>
          {clear}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-6 rounded-box border border-base-300 bg-base-100 p-8 text-center">
      <p className="max-w-full text-lg font-medium wrap-anywhere">{state.q ? copy.noHits(state.q) : copy.noMatch}</p>
      {onClear && (
        <button type="button" className="btn btn-primary" onClick={onClear}>
          {copy.clearFilters}
        </button>
      )}
      {categories.data && categories.data.length > 0 && (
        <nav aria-label={copy.browseCategories} className="flex flex-col items-center gap-3">
          <h2 className="font-semibold">{copy.browseCategories}</h2>
          <ul className="flex flex-wrap justify-center gap-2">
            {categories.data
              .filter((category) => category.count > 0)
              .map((category) => (
                <li key={category._id}>
                  <Link to={paths.search.getHref({ category: category.name })} className="btn btn-sm btn-outline">
                    {category.name}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
