import { PRODUCT_FILTERS, PRODUCT_SORTS, type Product, type ProductFilter, type ProductSort } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminProductCount } from '@/api/products/get-admin-product-count';
import { useAdminProducts } from '@/api/products/get-admin-products';
import { useDeleteProduct } from '@/api/products/delete-product';
import { useProductCount } from '@/api/products/get-product-count';
import { useStockAlertCounts } from '@/api/stock-alerts/stock-alert';
import { useProducts } from '@/api/products/get-products';
import { useSearch } from '@/api/search/get-search';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { paths } from '@/config/paths';
import { useViewer } from '@/lib/access';
import { parsePageParam, withPage } from '@/utils/page-param';
import { useConfirmedDelete } from '@/hooks/use-confirmed-action';
import { useSearchParam } from '@/hooks/use-search-param';
import { adminProductsCopy } from '../copy';
import { ProductsTable } from './products-table';

const copy = adminProductsCopy.manage;

/** Rows per page: a screenful, and a catalogue of thousands stays quick. */
const MANAGE_PAGE_SIZE = 20;

interface ListProps {
  page: number;
  onPageChange: (page: number) => void;
  onDelete: ((product: Product) => void) | undefined;
  deletingId: string | null;
}

/**
 * The admin's catalogue: a page of products at a time, each with update and delete; the search
 * box finds products on the server by name, brand, category, part or OEM number.
 */
/** A sort or filter of the address that the shop offers; anything else is none. */
const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined => choices.find((choice) => choice === value);

export function ManageProductsPage() {
  const [q, setQ, [searchParams, changeParams]] = useSearchParam();
  const page = parsePageParam(searchParams.get('page'));
  const sort = oneOf(PRODUCT_SORTS, searchParams.get('sort'));
  const filter = oneOf(PRODUCT_FILTERS, searchParams.get('filter'));
  const deleteProduct = useDeleteProduct();
  const deletion = useConfirmedDelete<Product>((id) => deleteProduct.mutateAsync(id), copy);
  // Staff change parts but neither add nor delete them (SPEC-3 section 7); the page's guard knows the viewer before it shows.
  const deletes = useViewer() !== 'staff';

  const list: ListProps = {
    page,
    onPageChange: (next) =>
changeParams((current) => withPage(current, next)),
    onDelete: deletes ? deletion.ask : undefined,
    deletingId: deletion.busyKey,
  };
  // The search answers best matches first: a sort or filter lists the catalogue instead, from its first page.
  const listBy = (next: { sort?: ProductSort | undefined; filter?: ProductFilter | undefined }) =>
    changeParams((current) => {
      const chosen = { sort: oneOf(PRODUCT_SORTS, current.get('sort')), filter: oneOf(PRODUCT_FILTERS, current.get('filter')), ...next };
      return { ...(chosen.sort ? { sort: chosen.sort } : {}), ...(chosen.filter ? { filter: chosen.filter } : {}) };
    });
  const search = (text: string) => (text ? changeParams(() => ({ q: text })) : setQ(''));

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={search} />
        </div>
        <div className="flex w-full gap-4 sm:w-auto">
          <label className="flex flex-1 flex-col gap-1.5">
            <span className="font-medium">{copy.sort.label}</span>
            <select
              className="select w-full sm:w-52"
              value={q ? '' : (sort ?? '')}
              onChange={(event) => listBy({ sort: oneOf(PRODUCT_SORTS, event.target.value) })}
            >
              <option value="">{copy.sort.options.catalogue}</option>
              {PRODUCT_SORTS.map((value) => (
                <option key={value} value={value}>
                  {copy.sort.options[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-1 flex-col gap-1.5">
            <span className="font-medium">{copy.filter.label}</span>
            <select
              className="select w-full sm:w-40"
              value={q ? '' : (filter ?? '')}
              onChange={(event) => listBy({ filter: oneOf(PRODUCT_FILTERS, event.target.value) })}
            >
              <option value="">{copy.filter.options.all}</option>
              {PRODUCT_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {copy.filter.options[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {q ? <FoundProducts q={q} {...list} /> : <Catalogue sort={sort} filter={filter} {...list} />}
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}

/** The whole catalogue in its own order, or in the order and with the filter the admin chose. */
function Catalogue({ page: requested, sort, filter, ...list }: ListProps & { sort: ProductSort | undefined; filter: ProductFilter | undefined }) {
  const listed = sort !== undefined || filter !== undefined;
  const allCount = useProductCount();
  const filteredCount = useAdminProductCount(filter);
  const count = filter ? filteredCount : allCount;
  const pageCount = count.data ? Math.max(1, Math.ceil(count.data.count / MANAGE_PAGE_SIZE)) : undefined;
  // A page past the end (e.g. after deleting the last product of the last page) shows the last one.
  const page = pageCount ? Math.min(requested, pageCount - 1) : requested;
  const summary = count.data ? (filter ? copy.filter.count[filter](count.data.count) : copy.count(count.data.count)) : undefined;
  // Adding parts is the admin's, not staff's.
  const adds = useViewer() !== 'staff';
  const Rows = listed ? ChosenRows : CatalogueRows;
  return (
    <Rows
      sort={sort}
      filter={filter}
      summary={summary}
      pageCount={pageCount}
      empty={
        filter ? (
          <EmptyState text={copy.filter.empty[filter]} />
        ) : (
          <EmptyState
            text={copy.empty}
            action={
              adds && (
                <Link to={paths.dashboard.addProducts.getHref()} className="btn btn-primary">
                  {copy.addFirst}
                </Link>
              )
            }
          />
        )
      }
      {...list}
      page={page}
    />
  );
}

type PageRowsProps = ListProps & { sort: ProductSort | undefined; filter: ProductFilter | undefined; summary: string | undefined; pageCount: number | undefined; empty: ReactNode };

/** A page of the catalogue in its own order: the list every visitor sees. */
function CatalogueRows({ sort: _sort, filter: _filter, ...rows }: PageRowsProps) {
  const products = useProducts({ page: rows.page, size: MANAGE_PAGE_SIZE });
  return <ProductRows query={products} rowsOf={(list) => list} {...rows} />;
}

/** A page of the catalogue sorted or filtered as the admin chose. */
function ChosenRows({ sort, filter, ...rows }: PageRowsProps) {
  const products = useAdminProducts({ page: rows.page, size: MANAGE_PAGE_SIZE, sort, filter });
  return <ProductRows query={products} rowsOf={(list) => list} {...rows} />;
}

/** The products the search finds, best matches first. */
function FoundProducts({ q, ...list }: ListProps & { q: string }) {
  const found = useSearch({ q, ...(list.page > 0 ? { page: String(list.page) } : {}), size: String(MANAGE_PAGE_SIZE) });
  const total = found.data?.total;
  return (
    <ProductRows
      query={found}
      rowsOf={(answer) => answer.products}
      summary={total === undefined ? undefined : copy.found(total)}
      pageCount={total === undefined ? undefined : Math.max(1, Math.ceil(total / MANAGE_PAGE_SIZE))}
      empty={<EmptyState text={copy.noneFound(q)} />}
      {...list}
    />
  );
}

function ProductRows<T>({
  query,
  rowsOf,
  summary,
  pageCount,
  empty,
  page,
  onPageChange,
  onDelete,
  deletingId,
}: ListProps & { query: UseQueryResult<T>; rowsOf: (data: T) => Product[]; summary: string | undefined; pageCount: number | undefined; empty: ReactNode }) {
  // Who waits for a part is the admin's to read (GET /stock-alerts): staff are not asked for it.
  const waiting = useStockAlertCounts({ enabled: useViewer() !== 'staff' });
  return (
    <>
      <p className="min-h-6 text-base-content/80" aria-live="polite">
        {summary}
      </p>
      <QueryView query={query} copy={copy}>
        {(data) => {
          const rows = rowsOf(data);
          if (rows.length === 0 && page === 0) return empty;
          return (
            <>
              <ProductsTable products={rows} firstIndex={page * MANAGE_PAGE_SIZE + 1} onDelete={onDelete} deletingId={deletingId} waiting={waiting.data} />
              <Pager
                page={page}
                pageCount={pageCount}
                hasNext={rows.length === MANAGE_PAGE_SIZE}
                onPageChange={onPageChange}
                labels={copy.pager}
                disabled={query.isPlaceholderData}
              />
            </>
          );
        }}
      </QueryView>
    </>
  );
}
