import { bikeName } from '@shop/shared';
import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { BREAKPOINTS, useMediaQuery } from '@/hooks/use-media-query';
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
    <section aria-labelledby={headingId} className="mb-4 sm:mb-8">
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
    <div className="rounded-box border border-primary/30 bg-primary/10 px-2 py-1 sm:px-4">
      <h2 id={headingId} className="sr-only">
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

/** The picker: open from the md breakpoint, above the list; on a phone a button that unfolds it, so the list comes first. */
function FoldedPicker({ headingId, onAdded }: { headingId: string; onAdded: () => void }) {
  const wide = useMediaQuery(BREAKPOINTS.md);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (wide) return <OpenPicker headingId={headingId} onAdded={onAdded} />;
  return (
    <>
      <h2 id={headingId}>
        <button
          type="button"
          className="btn btn-outline w-full justify-between"
          aria-expanded={open}
          aria-controls={panelId}
          onPointerDown={fetchPicker}
          onFocus={fetchPicker}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {copy.shopByBike}
          <ChevronDownIcon className={`size-5 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="mt-2 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4">
        {open && (
          <>
            <LazyBikePicker onAdded={onAdded} />
            <p className="text-sm text-base-content/70">{copy.pickerHint}</p>
          </>
        )}
      </div>
    </>
  );
}

/**
 * The open picker under its heading. Its script loads as it nears the screen; the makes are asked
 * for once the visitor comes to it: scrolls it near, points at it or moves the keyboard into it.
 */
function OpenPicker({ headingId, onAdded }: { headingId: string; onAdded: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const approach = useApproach(box, '200px');
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <div ref={box} className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6" onPointerEnter={reach} onPointerDown={reach} onFocus={reach}>
      <h2 id={headingId} className="text-lg font-semibold">
        {copy.shopByBike}
      </h2>
      {approach !== 'far' || reached ? <LazyBikePicker onAdded={onAdded} listMakes={approach === 'approached' || reached} /> : <PickerRoom />}
      <p className="text-sm text-base-content/70">{copy.pickerHint}</p>
    </div>
  );
}
