import { bikeName } from '@shop/shared';
import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { BREAKPOINTS, matchesMedia } from '@/hooks/use-media-query';
import { useApproach } from '@/hooks/use-near-viewport';
import { type BikeFilter, useBikeFilter } from '@/stores/garage';
import { garageCopy as copy } from '../copy';

// The picker (its selects and the makes, models and years calls) is a script of its own, fetched
// as the visitor comes to it: the first page neither downloads it nor asks for the makes before then.
const loadPicker = () => import('./bike-picker');
const BikePicker = lazy(() => loadPicker().then((module) => ({ default: module.BikePicker })));
const fetchPicker = () => void loadPicker();

/** The room the picker's selects take (one column below sm) until its script is there, so nothing below them moves. */
function PickerRoom() {
  return <div aria-hidden="true" className="h-[16.75rem] sm:h-16" />;
}

/**
 * The least height of the picker's box and of the bike's line, alike at each width: the server's
 * page (no bike known there) shows the picker, and a bike kept in this browser replaces it with
 * its line without moving the list below.
 */
const BOX_HEIGHT = 'min-h-11 md:min-h-40';

function LazyBikePicker(props: { onAdded?: () => void; listMakes?: boolean }) {
  return (
    <Suspense fallback={<PickerRoom />}>
      <BikePicker {...props} />
    </Suspense>
  );
}

/**
 * 'Shop by bike' above a list of parts. With an active bike, one line: which parts the list
 * holds for it (those that fit it, every part, or those not confirmed either way), 'Change' (the
 * picker, for another bike) and the way to the other lists. Without one, the bike picker; on a
 * phone folded into a 'Shop by bike' button, so the list comes first. `anchor`: the id of the
 * list's section on a page that holds more than the list.
 */
export function ShopByBike({ anchor }: { anchor?: string }) {
  const filter = useBikeFilter({ anchor });
  const headingId = useId();
  // A bike just added replaces the picker with its line: the keyboard goes on from that line's
  // 'Change', once the line is there (a signed-in rider's garage answers first).
  const change = useRef<HTMLButtonElement>(null);
  const [added, setAdded] = useState(0);
  const focused = useRef(0);
  const bikeId = filter.bike?.id;
  useEffect(() => {
    if (added === focused.current || !change.current) return;
    focused.current = added;
    change.current.focus();
  }, [added, bikeId]);
  const onAdded = () => setAdded((count) => count + 1);
  return (
    // The picker is a script: without JavaScript there is nothing to pick with.
    <section aria-labelledby={headingId} className="mb-4 sm:mb-8 noscript:hidden">
      {filter.bike ? (
        <BikeLine filter={filter} headingId={headingId} changeRef={change} onAdded={onAdded} />
      ) : (
        <FoldedPicker headingId={headingId} onAdded={onAdded} />
      )}
    </section>
  );
}

function BikeLine({
  filter,
  headingId,
  changeRef,
  onAdded,
}: {
  filter: BikeFilter;
  headingId: string;
  changeRef: RefObject<HTMLButtonElement | null>;
  onAdded: () => void;
}) {
  const { bike, show, setShow } = filter;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = bikeName(bike!);

  const dot = (
    <span aria-hidden="true" className="text-base-content/50">
      ·
    </span>
  );
  const action = (label: string, onClick: () => void) => (
    <>
      {dot}
      <button type="button" className="link link-primary min-h-8 px-0.5 font-medium" onClick={onClick}>
        {label}
      </button>
    </>
  );
  return (
    <div className={`${BOX_HEIGHT} flex flex-col justify-center rounded-box border border-primary/30 bg-primary/10 px-2 py-1 sm:px-4 md:gap-4 md:p-6`}>
      <h2 id={headingId} className="sr-only md:not-sr-only md:text-lg md:font-semibold">
        {copy.shopByBike}
      </h2>
      <div className="flex flex-wrap items-center gap-x-1 text-sm sm:text-base">
        <p role="status" className="min-w-0 py-1 font-medium wrap-anywhere">
          <span className="sr-only sm:not-sr-only">{copy.showing[show]} </span>
          {name}
        </p>
        {dot}
        <button
          ref={changeRef}
          type="button"
          className="link link-primary min-h-8 px-0.5 font-medium"
          aria-expanded={open}
          aria-controls={panelId}
          onPointerEnter={fetchPicker}
          onFocus={fetchPicker}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {copy.change}
        </button>
        {show !== 'fitting' && action(copy.showFitting, () => setShow('fitting'))}
        {show !== 'all' && action(copy.showAll, () => setShow('all'))}
      </div>
      <div id={panelId} hidden={!open} className="flex flex-col gap-3 border-t border-primary/20 py-3">
        {open && (
          <>
            <LazyBikePicker
              onAdded={() => {
                setOpen(false);
                onAdded();
              }}
            />
            <Link to={paths.garage.getHref()} className="link self-start">
              {copy.garage.heading}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The picker, in one markup at every width: from the md breakpoint open under its heading; on a
 * phone folded behind a 'Shop by bike' button, so the list comes first. CSS alone decides which
 * shows, so the page the server sends is the page at any width. Its script loads once the panel is
 * open, or on a wide screen as it nears the screen; the makes are asked for once the visitor comes
 * to it: scrolls it near, points at it or moves the keyboard into it.
 */
function FoldedPicker({ headingId, onAdded }: { headingId: string; onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // A folded panel is not drawn, so it never comes near; the width is asked too, for a phone whose panel was never laid out.
  const approach = useApproach(panel, '200px');
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const comeTo = (approach !== 'far' || reached) && matchesMedia(BREAKPOINTS.md);
  return (
    <div
      className={`${BOX_HEIGHT} flex flex-col md:relative md:gap-4 md:rounded-box md:border md:border-base-300 md:bg-base-100 md:p-6`}
      onPointerEnter={reach}
      onPointerDown={reach}
    >
      <h2 id={headingId} className="sr-only md:not-sr-only md:text-lg md:font-semibold">
        {copy.shopByBike}
      </h2>
      <button
        type="button"
        className="btn btn-outline min-h-11 w-full justify-between md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerDown={fetchPicker}
        onFocus={fetchPicker}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {copy.shopByBike}
        <ChevronDownIcon className={`size-5 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        ref={panel}
        id={panelId}
        className={`${open ? 'flex' : 'hidden'} mt-2 flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 md:mt-0 md:flex md:border-0 md:p-0`}
        onFocus={reach}
      >
        {open || comeTo ? <LazyBikePicker onAdded={onAdded} listMakes={open || approach === 'approached' || reached} /> : <PickerRoom />}
        {/* Beside the heading from md, so the box is as high as the bike's line that replaces it. */}
        <p className="text-sm text-base-content/70 md:absolute md:top-7 md:right-6">{copy.pickerHint}</p>
      </div>
    </div>
  );
}
