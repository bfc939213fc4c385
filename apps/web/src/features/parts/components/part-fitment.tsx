import { bikeName, type Fitment, fitVerdictOf, type Product, SEARCH_PAGE_SIZE_MAX } from '@shop/shared';
import { Link } from 'react-router';
import { useFitment } from '@/api/products/get-fitment';
import { useSearch } from '@/api/search/get-search';
import { FitBadge } from '@/components/ui/fit-badge';
import { paths } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import { type Bike, bikeSearchParams, useBikeFilter } from '@/stores/garage';
import { partCopy } from '../copy';

const copy = partCopy.fitment;
const ALTERNATIVES = 3;

/**
 * The part's one badge for the active bike; without one, the way to the bikes it fits. One line
 * either way, held while the fitment loads: the server's page knows no bike (the garage is in the
 * browser), and the badge that replaces the link once the browser knows moves nothing below it.
 */
export function PartFitBadge({ productId }: { productId: string }) {
  const { bike } = useBikeFilter();
  const fitment = useFitment(productId);
  return (
    <p className="flex min-h-8 items-center">
      {bike ? (
        fitment.data && <FitBadge fit={fitVerdictOf(fitment.data, bike)} model={bike.model} />
      ) : (
        <a href="#part-fitment" className="link link-hover text-sm">
          {copy.whichBikes}
        </a>
      )}
    </p>
  );
}

/**
 * The part page's fitment block (SPEC-2 section 3): the bikes it fits as a table, or that it
 * fits every bike; for the active bike whether it fits, and when not, up to three parts of the
 * same category that do.
 */
export function PartFitment({ part }: { part: Product }) {
  const { bike } = useBikeFilter();
  const fitment = useFitment(part._id);
  return (
    <section aria-labelledby="part-fitment" className="flex flex-col gap-4 border-t border-base-300 pt-4">
      <h2 id="part-fitment" className="text-xl font-bold">
        {copy.heading}
      </h2>
      {fitment.isError && <p className="text-error">{copy.loadFailed}</p>}
      {fitment.data && (
        <>
          {bike && <BikeVerdict fitment={fitment.data} bike={bike} part={part} />}
          <FitsTable fitment={fitment.data} />
        </>
      )}
    </section>
  );
}

function FitsTable({ fitment }: { fitment: Fitment }) {
  if (fitment.universal) return <p className="font-medium">{copy.universal}</p>;
  if (fitment.vehicles.length === 0) return <p className="text-base-content/80">{copy.noData}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{copy.make}</th>
            <th scope="col">{copy.model}</th>
            <th scope="col">{copy.years}</th>
            <th scope="col">{copy.note}</th>
          </tr>
        </thead>
        <tbody>
          {fitment.vehicles.map((fit) => (
            <tr key={`${fit.vehicleId}`}>
              <td className="wrap-anywhere">{fit.make}</td>
              <td className="wrap-anywhere">
                {fit.model}
                {fit.variant && <span className="text-base-content/70"> ({fit.variant})</span>}
              </td>
              <td className="whitespace-nowrap">{copy.yearRange(fit.yearFrom, fit.yearTo)}</td>
              <td className="wrap-anywhere">{fit.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BikeVerdict({ fitment, bike, part }: { fitment: Fitment; bike: Bike; part: Product }) {
  const verdict = fitVerdictOf(fitment, bike);
  const name = bikeName(bike);
  if (verdict === 'fits' || verdict === 'universal') return <p className="text-lg font-semibold wrap-anywhere text-success-content">{copy.fits(name)}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className={`text-lg font-semibold wrap-anywhere ${verdict === 'no' ? 'text-red-700' : ''}`}>{verdict === 'no' ? copy.doesNotFit(name) : copy.notConfirmed(name)}</p>
      <Alternatives part={part} bike={bike} />
    </div>
  );
}

/**
 * Up to three parts of the part's category that fit the bike, those made for it before universal
 * ones. The search lists both kinds in catalogue order, so a whole page of them is read: the
 * first few alone could all be universal while parts made for the bike come later.
 */
function Alternatives({ part, bike }: { part: Product; bike: Bike }) {
  const found = useSearch({ category: part.category, size: String(SEARCH_PAGE_SIZE_MAX), ...bikeSearchParams({ vehicle: bike.vehicleId, year: bike.year }) });
  const parts = (found.data?.products ?? [])
    .filter((other) => other._id !== part._id)
    .sort((a, b) => Number(b.fit === 'fits') - Number(a.fit === 'fits'))
    .slice(0, ALTERNATIVES);
  if (parts.length === 0) return null;
  return (
    <section aria-labelledby="part-alternatives" className="flex flex-col gap-2">
      <h3 id="part-alternatives" className="font-semibold">
        {copy.alternatives}
      </h3>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {parts.map((other) => (
          <li key={other._id} className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3">
            <img src={other.img} alt="" width={400} height={300} loading="lazy" className="aspect-[4/3] w-full rounded object-cover" />
            <Link to={paths.part.getHref(other._id)} className="link font-medium wrap-anywhere">
              {other.name}
            </Link>
            <span className="font-bold">{formatPrice(other.price)}</span>
            {other.fit && <FitBadge fit={other.fit} model={bike.model} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
