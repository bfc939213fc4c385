import { bikeName, SEARCH_PAGE_SIZE, SEARCH_SORT_LABELS, SEARCH_SORTS, type FacetCount, type Product, type SearchAnswer, type SearchSort } from '@shop/shared';
import type { FocusTrap } from 'focus-trap';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCategories } from '@/api/categories/get-categories';
import { useSearch } from '@/api/search/get-search';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterIcon } from '@/components/ui/icons';
import { Pager } from '@/components/ui/pager';
import { paths } from '@/config/paths';
import { useAddressParams } from '@/hooks/use-address-params';
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
        {/* A box of its own width: a count that changes (the rider's bike known in the browser) moves nothing. */}
        <p role="status" className="min-h-6 min-w-20 text-base-content/70">
          {answer ? copy.count(answer.total) : ''}
        </p>
      </div>
      {bikeBar}
      <div className="grid gap-6 lg:grid-cols-[15rem_1fr] lg:gap-8">
        <Filters
          state={state}
          answer={answer}
          keptParams={keptShowParams(searchParams)}
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
            pageHref={(page) => ({ search: new URLSearchParams({ ...searchStateParams({ ...state, page }), ...keptShowParams(searchParams) }).toString() })}
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
 * Category, brand, stock and the sort, in one markup at every width (CSS places it): beside the
 * results from the lg breakpoint; below it one 'Filters' button (with how many are on) that opens
 * them in a sheet, so the results come first. Each choice applies at once, as beside the results;
 * the sheet's last button shows them. It is a plain GET form too: without JavaScript the filters
 * show in place and that button sends them.
 */
function Filters({
  state,
  answer,
  keptParams,
  onChange,
  onClear,
}: {
  state: SearchState;
  answer: SearchAnswer | undefined;
  /** The address's other choices a new search keeps (the list shown for the bike). */
  keptParams: Record<string, string>;
  onChange: (next: Partial<SearchState>) => void;
  onClear: (() => void) | undefined;
}) {
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const sheet = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    const element = sheet.current;
    if (!open || !element) return;
    // While the sheet covers the page the keyboard stays in it; Escape and a click beside it close it.
    // The trap loads when the sheet first opens: the page itself does not wait for it.
    let trap: FocusTrap | undefined;
    let closed = false;
    void import('focus-trap').then(({ createFocusTrap }) => {
      if (closed) return;
      trap = createFocusTrap(element, {
        fallbackFocus: element,
        escapeDeactivates: true,
        allowOutsideClick: true,
        setReturnFocus: () => toggle.current ?? false,
        onDeactivate: () => setOpen(false),
      });
      trap.activate();
    });
    return () => {
      closed = true;
      trap?.deactivate();
    };
  }, [open]);

  const active = [state.category !== '', state.brand !== '', state.inStock].filter(Boolean).length;
  return (
    <form
      method="get"
      action={paths.search.path}
      onSubmit={(event) => {
        event.preventDefault();
        close();
      }}
    >
      {Object.entries({ ...(state.q ? { q: state.q } : {}), ...keptParams }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        ref={toggle}
        type="button"
        className="btn btn-outline gap-2 lg:hidden noscript:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={sheetId}
        // The number said in words: 'Filters (2 filters on)'.
        aria-label={active > 0 ? `${copy.filters} ${copy.filtersOn(active)}` : undefined}
        onClick={() => setOpen(true)}
      >
        <FilterIcon className="size-5" />
        {copy.filters}
        {active > 0 && <span className="badge badge-primary badge-sm">{active}</span>}
      </button>
      {open && <div className="fixed inset-0 z-40 bg-black/40 lg:hidden" aria-hidden="true" onClick={close} />}
      <aside
        ref={sheet}
        id={sheetId}
        aria-label={copy.filters}
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        tabIndex={-1}
        className={
          open
            ? 'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-box bg-base-100 p-6 shadow-xl sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:bottom-auto sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-box lg:static lg:w-auto lg:translate-none lg:overflow-visible lg:rounded-none lg:bg-transparent lg:p-0 lg:shadow-none'
            : 'hidden lg:block noscript:block'
        }
      >
        <h2 className="mb-4 text-lg font-bold lg:sr-only noscript:sr-only">
          {copy.filters}
        </h2>
        <div className="grid grid-cols-1 gap-4">
          <FacetSelect name="category" label={copy.category} everything={copy.allCategories} value={state.category} counts={answer?.facets.category} onChange={(category) => onChange({ category })} />
          <FacetSelect name="brand" label={copy.brand} everything={copy.allBrands} value={state.brand} counts={answer?.facets.brand} onChange={(brand) => onChange({ brand })} />
          <label className="flex cursor-pointer items-center gap-3 py-2">
            <input type="checkbox" name="inStock" value="true" className="checkbox" checked={state.inStock} onChange={(event) => onChange({ inStock: event.target.checked })} />
            <span>{copy.inStockOnly}</span>
          </label>
          <label className="flex min-w-0 flex-col gap-1">
            <span className="text-sm font-medium">{copy.sortBy}</span>
            <select name="sort" className="select w-full" value={state.sort} onChange={(event) => onChange({ sort: event.target.value as SearchSort })}>
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SEARCH_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {/* Beside the results each choice has applied already: these are the sheet's, and the form's without JavaScript. */}
        <div className="modal-action flex-wrap lg:hidden noscript:flex">
          {onClear && (
            <button type="button" className="btn btn-ghost noscript:hidden" onClick={onClear}>
              {copy.clearFilters}
            </button>
          )}
          <button type="submit" className="btn btn-primary">
            {answer ? copy.showParts(answer.total) : copy.showResults}
          </button>
        </div>
      </aside>
    </form>
  );
}

/** A filter: every value the results hold, with how many parts each would show. */
function FacetSelect({
  name,
  label,
  everything,
  value,
  counts,
  onChange,
}: {
  name: string;
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
      <select name={name} className="select w-full" value={value} onChange={(event) => onChange(event.target.value)}>
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
