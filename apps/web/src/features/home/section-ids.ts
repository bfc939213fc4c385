import type { HomeSection } from '@/config/paths';
import { prefersReducedMotion } from '@/utils/motion';

export const HOME_SECTION_IDS = {
  products: 'products',
  contact: 'contact',
  reviews: 'reviews',
  services: 'services',
} as const satisfies Record<HomeSection, HomeSection>;

export const CONTACT_FIRST_FIELD_ID = 'contact-name';

/** Brings the contact form into view and puts the cursor in its first field. */
export function jumpToContactForm(): void {
  document.getElementById(HOME_SECTION_IDS.contact)?.scrollIntoView?.({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'start',
  });
  document.getElementById(CONTACT_FIRST_FIELD_ID)?.focus({ preventScroll: true });
}
