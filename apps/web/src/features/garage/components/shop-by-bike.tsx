import { bikeName } from '@shop/shared';
import { useId } from 'react';
import { useBikeFilter } from '@/stores/garage';
import { garageCopy as copy } from '../copy';
import { BikePicker } from './bike-picker';

/**
 * 'Shop by bike' above a list of parts: the bike picker, and with an active bike the banner
 * saying which parts the list holds (those that fit it, every part, or those not confirmed
 * either way), with the way to the others. `anchor`: the id of the list's section on a page that
 * holds more than the list.
 */
export function ShopByBike({ anchor }: { anchor?: string }) {
  const { bike, show, setShow } = useBikeFilter({ anchor });
  const headingId = useId();
  const banner = bike ? { fitting: copy.banner, all: copy.showingAll, unconfirmed: copy.showingUnconfirmed }[show](bikeName(bike)) : '';
  return (
    <section aria-labelledby={headingId} className="mb-8 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {copy.shopByBike}
      </h2>
      <BikePicker />
      {bike ? (
        <div role="status" className="alert flex flex-wrap justify-between gap-3 border-primary/30 bg-primary/10">
          <p className="font-medium">{banner}</p>
          <div className="flex flex-wrap gap-2">
            {show !== 'fitting' && (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => setShow('fitting')}>
                {copy.showFitting}
              </button>
            )}
            {show !== 'all' && (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => setShow('all')}>
                {copy.showAll}
              </button>
            )}
          </div>
        </div>
      ) : (
        <p className="text-sm text-base-content/70">{copy.pickerHint}</p>
      )}
    </section>
  );
}
