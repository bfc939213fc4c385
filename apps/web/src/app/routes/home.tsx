import { useRef, useState } from 'react';
import { ContactSection } from '@/features/home/components/contact-section';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { ReviewsSection } from '@/features/home/components/reviews-section';
import { ServicesSection } from '@/features/home/components/services-section';
import { TrustBanner } from '@/features/home/components/trust-banner';
import { homeCopy } from '@/features/home/copy';
import { HOME_HERO_SLIDES } from '@/features/home/hero-slides';
import { HOME_SECTION_IDS } from '@/features/home/section-ids';
import { ProductCatalog } from '@/features/products/components/product-catalog';

export function HomeRoute() {
  const [page, setPage] = useState(0);
  const productsHeadingRef = useRef<HTMLHeadingElement>(null);

  const changePage = (nextPage: number) => {
    setPage(nextPage);
    // Paging from the buttons under the grid brings the top of the new page into view.
    const heading = productsHeadingRef.current;
    if (heading && heading.getBoundingClientRect().top < 0) heading.scrollIntoView({ block: 'start' });
  };

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
        <h2 id="products-heading" ref={productsHeadingRef} className="mb-10 text-center text-3xl font-bold sm:text-4xl">
          {homeCopy.products.heading}
        </h2>
        <ProductCatalog page={page} onPageChange={changePage} headingLevel={3} />
      </section>
      <TrustBanner />
      <ContactSection />
      <ReviewsSection />
      <ServicesSection />
    </>
  );
}
