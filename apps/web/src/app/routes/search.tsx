import { ShopByBike } from '@/features/garage/components/shop-by-bike';
import { ProductGrid } from '@/features/products/components/product-grid';
import { SearchPage } from '@/features/search/components/search-page';

/** /search: the search page, showing what it finds as the storefront's product cards. */
export function SearchRoute() {
  return <SearchPage bikeBar={<ShopByBike />} renderResults={(results) => <ProductGrid {...results} headingLevel={2} />} />;
}
