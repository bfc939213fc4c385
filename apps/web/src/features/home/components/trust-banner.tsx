import { LANDING_COUNTERS } from '@shop/shared';
import { lazy, Suspense, useRef } from 'react';
import { prefersReducedMotion } from '@/utils/motion';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { homeCopy } from '../copy';
import { jumpToContactForm } from '../section-ids';

const copy = homeCopy.trust;

// The counting animation loads as the counters come near the screen (they count once in view);
// until then they show their start. Visitors who ask for reduced motion get the figures without it.
const LandingCounters = lazy(() => import('./landing-counters').then((module) => ({ default: module.LandingCounters })));

function StaticCounters({ final }: { final: boolean }) {
  return LANDING_COUNTERS.map((counter) => (
    <div key={counter.label} className="flex flex-col items-center gap-1 text-center">
      <span className="text-4xl font-extrabold tabular-nums sm:text-5xl">{final ? counter.end : 0}+</span>
      <span className="text-base font-medium sm:text-lg">{counter.label}</span>
    </div>
  ));
}

export function TrustBanner() {
  const countersRef = useRef<HTMLDivElement>(null);
  const animate = !prefersReducedMotion();
  const countersNear = useNearViewport(countersRef);
  return (
    <section aria-labelledby="trust-heading" className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="text-center">
          <h2 id="trust-heading" className="text-3xl font-extrabold tracking-wide sm:text-4xl">
            {copy.heading}
          </h2>
          <p className="mt-3 text-lg font-semibold tracking-wide">{copy.subheading}</p>
        </div>
        <div ref={countersRef} className="mt-12 grid grid-cols-2 gap-8 lg:grid-cols-4">
          {animate && countersNear ? (
            <Suspense fallback={<StaticCounters final={false} />}>
              <LandingCounters counters={LANDING_COUNTERS} animate />
            </Suspense>
          ) : (
            <StaticCounters final={!animate} />
          )}
        </div>
        <div className="mt-14 flex flex-col items-center justify-between gap-6 rounded-box bg-base-100 p-6 text-base-content shadow-lg sm:p-8 md:flex-row">
          <p className="text-center text-xl font-bold sm:text-2xl md:text-left">{copy.question}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <button type="button" className="btn btn-primary" onClick={jumpToContactForm}>
              {copy.anyQuestions}
            </button>
            <button type="button" className="btn btn-outline" onClick={jumpToContactForm}>
              {copy.contactUs}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
