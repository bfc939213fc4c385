import { bikeName, PAGE_SIZE } from '@shop/shared';
import { useProductCount } from '@/api/products/get-product-count';
import { useProducts } from '@/api/products/get-products';
import { useBikeFilter } from '@/stores/garage';
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
}

/** One page of product cards with the numbered page buttons under it. */
export function ProductCatalog({ page, onPageChange, headingLevel, empty }: ProductCatalogProps) {
  // With an active bike, the parts that fit it (or every part, each with its badge).
  const { bike: activeBike, query: bike, setShowAll } = useBikeFilter();
  const products = useProducts({ page, size: PAGE_SIZE, bike });
  const productCount = useProductCount(bike?.show ? null : bike);
  const pageCount = productCount.data ? getPageCount(productCount.data.count) : 0;

  return (
    <div className="flex flex-col gap-10">
      <ProductGrid
        products={products.data}
        status={products.status}
        isUpdating={products.isPlaceholderData}
        isRetrying={products.isRefetching}
        onRetry={() => void products.refetch()}
        headingLevel={headingLevel}
        empty={
          // Nothing fits the bike (on the first page): say so, and offer every part.
          bike && !bike.show && page === 0 ? (
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p>{copy.noneFit(bikeName(activeBike!))}</p>
              <button type="button" className="btn btn-primary" onClick={() => setShowAll(true)}>
                {copy.showAll}
              </button>
            </div>
          ) : (
            empty
          )
        }
        bikeModel={activeBike?.model}
      />
      <div className="min-h-12">
        <Pagination pageCount={pageCount} currentPage={page} onPageChange={onPageChange} />
      </div>
    </div>
  );
}
