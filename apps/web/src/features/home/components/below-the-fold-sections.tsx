import { ContactSection } from './contact-section';
import { ReviewsSection } from './reviews-section';
import { ServicesSection } from './services-section';
import { TrustBanner } from './trust-banner';

/** The home page's sections after the products, in SPEC's order: a script of their own (see BelowTheFold). */
export function BelowTheFoldSections() {
  return (
    <>
      <TrustBanner />
      <ContactSection />
      <ReviewsSection />
      <ServicesSection />
    </>
  );
}
