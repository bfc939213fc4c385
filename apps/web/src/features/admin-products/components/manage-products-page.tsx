import type { Product } from '@shop/shared';
import { Link, useSearchParams } from 'react-router';
import { useDeleteProduct } from '@/api/products/delete-product';
import { useProductCount } from '@/api/products/get-product-count';
import { useProducts } from '@/api/products/get-products';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { pageSearchParams, parsePageParam } from '@/lib/page-param';
import { useConfirmedDelete } from '@/lib/use-confirmed-action';
import { adminProductsCopy } from '../copy';
import { ProductsTable } from './products-table';

const copy = adminProductsCopy.manage;

/** Rows per page: a screenful, and a catalogue of thousands stays quick. */
const MANAGE_PAGE_SIZE = 20;

/** The admin's catalogue: a page of products at a time, each with update and delete. */
export function ManageProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const count = useProductCount();
  const pageCount = count.data ? Math.ceil(count.data.count / MANAGE_PAGE_SIZE) : undefined;
  // A page past the end (e.g. after deleting the last product of the last page) shows the last one.
  const requested = parsePageParam(searchParams.get('page'));
  const page = pageCount ? Math.min(requested, pageCount - 1) : requested;
  const products = useProducts({ page, size: MANAGE_PAGE_SIZE });
  const deleteProduct = useDeleteProduct();
  const deletion = useConfirmedDelete<Product>((id) => deleteProduct.mutateAsync(id), copy);

  const changePage = (next: number) => setSearchParams(pageSearchParams(next));

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        {count.data && <p className="text-base-content/80">{copy.count(count.data.count)}</p>}
      </div>
      <QueryView query={products} copy={copy}>
        {(rows) =>
          rows.length === 0 && page === 0 ? (
            <EmptyState
              text={copy.empty}
              action={
                <Link to={paths.dashboard.addProducts.getHref()} className="btn btn-primary">
                  {copy.addFirst}
                </Link>
              }
            />
          ) : (
            <>
              <ProductsTable products={rows} firstIndex={page * MANAGE_PAGE_SIZE + 1} onDelete={deletion.ask} deletingId={deletion.busyKey} />
              <Pager
                page={page}
                pageCount={pageCount}
                hasNext={rows.length === MANAGE_PAGE_SIZE}
                onPageChange={changePage}
                labels={copy.pager}
                disabled={products.isPlaceholderData}
              />
            </>
          )
        }
      </QueryView>
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}
