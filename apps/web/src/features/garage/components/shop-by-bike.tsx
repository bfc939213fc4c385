import { bikeName } from '@shop/shared';
import { useId } from 'react';
import { useBikeFilter } from '@/stores/garage';
import { garageCopy as copy } from '../copy';
import { BikePicker } from './bike-picker';

/**
 * 'Shop by bike' above a list of parts: the bike picker, and with an active bike the banner
 * saying the list holds only the parts that fit it, with 'Show all parts' (and back).
 */
export function ShopByBike() {
  const { bike, showAll, setShowAll } = useBikeFilter();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-8 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {copy.shopByBike}
      </h2>
      <BikePicker />
      {bike ? (
        <div role="status" className="alert flex flex-wrap justify-between gap-3 border-primary/30 bg-primary/10">
          <p className="font-medium">{showAll ? copy.showingAll(bikeName(bike)) : copy.banner(bikeName(bike))}</p>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setShowAll(!showAll)}>
            {showAll ? copy.showFitting : copy.showAll}
          </button>
        </div>
      ) : (
        <p className="text-sm text-base-content/70">{copy.pickerHint}</p>
      )}
    </section>
  );
}
