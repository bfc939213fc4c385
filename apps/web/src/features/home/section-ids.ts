import type { HomeSection } from '@/config/paths';
import { prefersReducedMotion } from '@/lib/motion';

export const HOME_SECTION_IDS = {
  products: 'products',
  contact: 'contact',
  reviews: 'reviews',
  services: 'services',
} as const satisfies Record<HomeSection, HomeSection>;

export const CONTACT_FIRST_FIELD_ID = 'contact-name';

// Set when the visitor asked for the form before its script had arrived.
let focusWhenShown = false;

/** Brings the contact form into view and puts the cursor in its first field. */
export function jumpToContactForm(): void {
  document.getElementById(HOME_SECTION_IDS.contact)?.scrollIntoView?.({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'start',
  });
  const field = document.getElementById(CONTACT_FIRST_FIELD_ID);
  if (field) field.focus({ preventScroll: true });
  else focusWhenShown = true;
}

/** For the lazily loaded form: whether it should take the focus as it appears (answers once). */
export function takeContactFormFocus(): boolean {
  const pending = focusWhenShown;
  focusWhenShown = false;
  return pending;
}
