import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ShopByBike } from '@/features/garage/components/shop-by-bike';
import { ProductCatalog } from '@/features/products/components/product-catalog';
import { productsCopy } from '@/features/products/copy';
import { keptShowParams } from '@/stores/garage';
import { pageSearchParams, parsePageParam } from '@/utils/page-param';

export function AllProductsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));

  // The list shown for the rider's bike stays as the pages change.
  const kept = keptShowParams(searchParams);
  const changePage = (nextPage: number) => setSearchParams({ ...kept, ...pageSearchParams(nextPage) });

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <title>{productsCopy.documentTitle}</title>
      <h1 className="mb-10 text-center text-4xl font-bold">{productsCopy.pageTitle}</h1>
      <ShopByBike />
      <ProductCatalog
        page={page}
        onPageChange={changePage}
        headingLevel={2}
        empty={
          page > 0 ? (
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p>{productsCopy.pageEmpty}</p>
              <Link to={{ pathname: paths.allProducts.getHref(), search: new URLSearchParams(kept).toString() }} className="btn btn-primary">
                {productsCopy.backToFirstPage}
              </Link>
            </div>
          ) : undefined
        }
      />
    </div>
  );
}
