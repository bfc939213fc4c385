import { bikeName, PAGE_SIZE, type ProductCount } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProductCount } from '@/api/products/get-product-count';
import { useProducts } from '@/api/products/get-products';
import { type BikeFilter, useBikeFilter } from '@/stores/garage';
import { productsCopy as copy } from '../copy';
import { getPageCount } from '../page-count';
import { Pagination } from './pagination';
import { ProductGrid, type ProductGridProps } from './product-grid';

export interface ProductCatalogProps {
  /** Zero-based page index. */
  page: number;
  onPageChange: (page: number) => void;
  headingLevel?: 2 | 3;
  empty?: ProductGridProps['empty'];
  /** The id of the list's section, on a page that holds more than the list. */
  anchor?: string;
}

/** One page of product cards with the numbered page buttons under it. */
export function ProductCatalog({ page, onPageChange, headingLevel, empty, anchor }: ProductCatalogProps) {
  // With an active bike, the parts that fit it (or every part, or those without fitment data, each with its badge).
  const filter = useBikeFilter({ anchor });
  const { bike: activeBike, query: bike, show } = filter;
  const products = useProducts({ page, size: PAGE_SIZE, bike });
  const productCount = useProductCount(show === 'all' ? null : bike);
  const counts = productCount.data;
  const pageCount = counts ? getPageCount(counts.count) : 0;
  const bikeList = activeBike !== null && show !== 'all';

  return (
    <div className="flex flex-col gap-10">
      <ProductGrid
        products={products.data}
        status={products.status}
        isUpdating={products.isPlaceholderData}
        isRetrying={products.isRefetching}
        onRetry={() => void products.refetch()}
        headingLevel={headingLevel}
        // Nothing in the bike's list (on the first page): say why, and offer the other lists.
        empty={bikeList && page === 0 ? <BikeListEmpty filter={filter} counts={counts} /> : empty}
        bikeModel={activeBike?.model}
      />
      <div className="min-h-12">
        <Pagination pageCount={pageCount} currentPage={page} onPageChange={onPageChange} anchor={anchor} />
      </div>
      {bikeList && products.data && products.data.length > 0 && <AfterBikeList filter={filter} counts={counts} />}
    </div>
  );
}

const Note = ({ children }: { children: ReactNode }) => (
  <div className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-4 text-center sm:flex-row sm:justify-center">{children}</div>
);

/** Under the fitting parts, the ones that match but have no fitment data; under those, the way back. */
function AfterBikeList({ filter, counts }: { filter: BikeFilter; counts: ProductCount | undefined }) {
  const model = filter.bike!.model;
  if (filter.show === 'unconfirmed') {
    return (
      <Note>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => filter.setShow('fitting')}>
          {copy.backToFitting(model)}
        </button>
      </Note>
    );
  }
  if (!counts?.unconfirmed) return null;
  return (
    <Note>
      <p>{copy.moreUnconfirmed(counts.unconfirmed, model)}</p>
      <Link to={filter.showHref('unconfirmed')} className="btn btn-sm btn-outline">
        {copy.showUnconfirmed}
      </Link>
    </Note>
  );
}

/**
 * The bike's list is empty: never 'nothing for your bike' while parts match without it. Some may
 * fit but have no fitment data, or all of them fit other bikes; either way every part is a click away.
 */
function BikeListEmpty({ filter, counts }: { filter: BikeFilter; counts: ProductCount | undefined }) {
  const bike = filter.bike!;
  const showAll = (
    <button type="button" className="btn btn-primary" onClick={() => filter.setShow('all')}>
      {copy.showAll}
    </button>
  );
  if (filter.show === 'unconfirmed') {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p>{copy.noneUnconfirmed(bike.model)}</p>
        <button type="button" className="btn btn-primary" onClick={() => filter.setShow('fitting')}>
          {copy.backToFitting(bike.model)}
        </button>
      </div>
    );
  }
  if (!counts) {
    return (
      <p role="status" className="py-12 text-center">
        {copy.countsLoading}
      </p>
    );
  }
  const unconfirmed = counts.unconfirmed ?? 0;
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="wrap-anywhere">{unconfirmed > 0 ? copy.noneConfirmed(bikeName(bike)) : counts.withoutBike ? copy.noneOfThemFit(bikeName(bike)) : copy.noneFit(bikeName(bike))}</p>
      {unconfirmed > 0 && (
        <>
          <p>{copy.moreUnconfirmed(unconfirmed, bike.model)}</p>
          <Link to={filter.showHref('unconfirmed')} className="btn btn-primary">
            {copy.showUnconfirmed}
          </Link>
        </>
      )}
      {showAll}
    </div>
  );
}
