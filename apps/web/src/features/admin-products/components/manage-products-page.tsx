import type { Product } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
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
import { pageSearchParams, parsePageParam } from '@/utils/page-param';
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
  onDelete: (product: Product) => void;
  deletingId: string | null;
}

/**
 * The admin's catalogue: a page of products at a time, each with update and delete; the search
 * box finds products on the server by name, brand, category, part or OEM number.
 */
export function ManageProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [q, setQ] = useSearchParam();
  const page = parsePageParam(searchParams.get('page'));
  const deleteProduct = useDeleteProduct();
  const deletion = useConfirmedDelete<Product>((id) => deleteProduct.mutateAsync(id), copy);

  const list: ListProps = {
    page,
    onPageChange: (next) => setSearchParams({ ...(q ? { q } : {}), ...pageSearchParams(next) }),
    onDelete: deletion.ask,
    deletingId: deletion.busyKey,
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
      {q ? <FoundProducts q={q} {...list} /> : <Catalogue {...list} />}
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}

/** The whole catalogue in its own order. */
function Catalogue({ page: requested, ...list }: ListProps) {
  const count = useProductCount();
  const pageCount = count.data ? Math.ceil(count.data.count / MANAGE_PAGE_SIZE) : undefined;
  // A page past the end (e.g. after deleting the last product of the last page) shows the last one.
  const page = pageCount ? Math.min(requested, pageCount - 1) : requested;
  const products = useProducts({ page, size: MANAGE_PAGE_SIZE });
  return (
    <ProductRows
      query={products}
      rowsOf={(rows) => rows}
      summary={count.data ? copy.count(count.data.count) : undefined}
      pageCount={pageCount}
      empty={
        <EmptyState
          text={copy.empty}
          action={
            <Link to={paths.dashboard.addProducts.getHref()} className="btn btn-primary">
              {copy.addFirst}
            </Link>
          }
        />
      }
      {...list}
      page={page}
    />
  );
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
  const waiting = useStockAlertCounts();
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
