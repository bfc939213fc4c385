import { lazy, Suspense } from 'react';
import { homeCopy } from '../copy';
import { HOME_SECTION_IDS } from '../section-ids';
import { ContactFormSkeleton } from './contact-form-skeleton';

const copy = homeCopy.contact;

// The form and its validation load after the first paint; the section itself is there at once
// so links to /#contact always find it.
const SendContactForm = lazy(() => import('./send-contact-form').then((module) => ({ default: module.SendContactForm })));

export function ContactSection() {
  return (
    <section id={HOME_SECTION_IDS.contact} aria-labelledby="contact-heading" className="bg-base-200">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
        <h2 id="contact-heading" className="text-center text-3xl font-bold sm:text-4xl">
          {copy.heading}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center">{copy.intro}</p>
        <div className="mt-10 rounded-box bg-base-100 p-6 shadow-sm sm:p-8">
          <Suspense fallback={<ContactFormSkeleton />}>
            <SendContactForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
