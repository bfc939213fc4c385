import { lazy, type Ref, Suspense, useRef } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '@/hooks/use-hydrated';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { HOME_SECTION_IDS } from '../section-ids';

let loaded = false;
const loadSections = () =>
  import('./below-the-fold-sections').then((module) => {
    loaded = true;
    return { default: module.BelowTheFoldSections };
  });
const Sections = lazy(loadSections);

/** The sections an address may name with its #hash, so the page opens there. */
const ANCHORED: ReadonlySet<string> = new Set([HOME_SECTION_IDS.contact, HOME_SECTION_IDS.reviews, HOME_SECTION_IDS.services]);

/** A screen's height where the sections will be, so the footer is not near the screen before them. */
function SectionsRoom({ roomRef }: { roomRef?: Ref<HTMLDivElement> }) {
  return <div ref={roomRef} aria-hidden="true" className="min-h-screen" />;
}

/**
 * The sections after the products (trust banner, contact form, reviews, services), whose script
 * and reviews call wait until the visitor scrolls towards them, or the address names one of them
 * (a link to /#contact). The first page's script stays small; once loaded, they show at once on
 * every later visit of the page, so Back finds the page as tall as it was left.
 */
export function BelowTheFold() {
  const room = useRef<HTMLDivElement>(null);
  const near = useNearViewport(room, '100% 0px');
  const { hash } = useLocation();
  // The server never sees the #hash: a page it rendered names a section once the browser has it.
  const named = useHydrated() && ANCHORED.has(hash.slice(1));
  if (!(near || named || loaded)) return <SectionsRoom roomRef={room} />;
  return (
    <Suspense fallback={<SectionsRoom />}>
      <Sections />
    </Suspense>
  );
}

