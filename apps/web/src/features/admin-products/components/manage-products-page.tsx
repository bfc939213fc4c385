import type { Product } from '@shop/shared';
import { Link, useSearchParams } from 'react-router';
import { useDeleteProduct } from '@/api/products/delete-product';
import { useProductCount } from '@/api/products/get-product-count';
import { useProducts } from '@/api/products/get-products';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { Pager } from '@/components/ui/pager';
import { paths } from '@/config/paths';
import { pageSearchParams, parsePageParam } from '@/lib/page-param';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
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
  const deletion = useConfirmedAction({
    action: (product: Product) => deleteProduct.mutateAsync(product._id),
    key: (product) => product._id,
    done: copy.deleted,
    failed: copy.deleteFailed,
    changed: ({ deletedCount }) => deletedCount > 0,
  });
  const confirming = deletion.confirming;

  const changePage = (next: number) => setSearchParams(pageSearchParams(next));

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        {count.data && <p className="text-base-content/80">{copy.count(count.data.count)}</p>}
      </div>
      {products.isPending ? (
        <PageLoader label={copy.loading} />
      ) : products.isError ? (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void products.refetch()} isRetrying={products.isRefetching} />
      ) : products.data.length === 0 && page === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-10 text-center">
          <p>{copy.empty}</p>
          <Link to={paths.dashboard.addProducts.getHref()} className="btn btn-primary">
            {copy.addFirst}
          </Link>
        </div>
      ) : (
        <>
          <ProductsTable
            products={products.data}
            firstIndex={page * MANAGE_PAGE_SIZE + 1}
            onDelete={deletion.ask}
            deletingId={deletion.busyKey}
          />
          <Pager
            page={page}
            pageCount={pageCount}
            hasNext={products.data.length === MANAGE_PAGE_SIZE}
            onPageChange={changePage}
            labels={copy.pager}
            disabled={products.isPlaceholderData}
          />
        </>
      )}
      <ConfirmDialog
        {...deletion.dialog}
        heading={copy.confirm.heading}
        text={confirming ? copy.confirm.text(confirming.name) : ''}
        confirmLabel={copy.confirm.confirm}
        cancelLabel={copy.confirm.cancel}
      />
    </div>
  );
}
