import { createSearchParams, useNavigate, useSearchParams } from 'react-router';
import { ShopByBike } from '@/features/garage/components/shop-by-bike';
import { BelowTheFold } from '@/features/home/components/below-the-fold';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { homeCopy } from '@/features/home/copy';
import { HOME_HERO_SLIDES } from '@/features/home/hero-slides';
import { HOME_SECTION_IDS } from '@/features/home/section-ids';
import { ProductCatalog } from '@/features/products/components/product-catalog';
import { keptShowParams } from '@/stores/garage';
import { pageSearchParams, parsePageParam } from '@/utils/page-param';

export function HomeRoute() {
  // The page of products is in the address, so a reload, a shared link and Back keep it; the
  // address names the products section, which brings the top of the new page into view.
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const navigate = useNavigate();
  const changePage = (nextPage: number) =>
    void navigate({ search: createSearchParams({ ...keptShowParams(searchParams), ...pageSearchParams(nextPage) }).toString(), hash: HOME_SECTION_IDS.products });

  return (
    <>
      <title>{homeCopy.documentTitle}</title>
      <h1 className="sr-only">{homeCopy.pageHeading}</h1>
      <HeroCarousel slides={HOME_HERO_SLIDES} />
      <section
        id={HOME_SECTION_IDS.products}
        aria-labelledby="products-heading"
        className="mx-auto max-w-6xl px-4 py-16 sm:py-20"
      >
        <h2 id="products-heading" className="mb-10 text-center text-3xl font-bold sm:text-4xl">
          {homeCopy.products.heading}
        </h2>
        <ShopByBike anchor={HOME_SECTION_IDS.products} />
        <ProductCatalog page={page} onPageChange={changePage} headingLevel={3} anchor={HOME_SECTION_IDS.products} />
      </section>
      <BelowTheFold />
    </>
  );
}
