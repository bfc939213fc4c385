import { bikeName } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAccessToken } from '@/lib/access-token';
import { type Bike, useGarage } from '@/stores/garage';
import { toast } from '@/lib/toast';
import { garageCopy } from '../copy';
import { BikePicker } from './bike-picker';

const copy = garageCopy.garage;

/** My Garage (`/garage`): the rider's bikes, one of them active, and the picker to add more. */
export function GaragePage() {
  const garage = useGarage();
  const signedIn = useAccessToken() !== null;

  const act = (work: Promise<void>, done?: string) =>
    work.then(
      () => done && toast.success(done),
      (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
    );

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:py-12">
      <title>{copy.documentTitle}</title>
      <div>
        <h1 className="mb-2 text-3xl font-bold">{copy.heading}</h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <section className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <BikePicker />
      </section>
      {!signedIn && <p className="text-sm text-base-content/70">{copy.visitorNote}</p>}
      {garage.isLoading ? (
        <span className="loading loading-spinner" aria-label={copy.bikesLabel} />
      ) : garage.bikes.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-8 text-center">{copy.empty}</p>
      ) : (
        <ul aria-label={copy.bikesLabel} className="flex flex-col gap-3">
          {garage.bikes.map((bike) => (
            <GarageBike
              key={bike.id}
              bike={bike}
              onActivate={() => void act(garage.activate(bike))}
              onRemove={() => void act(garage.remove(bike), copy.removed(bikeName(bike)))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function GarageBike({ bike, onActivate, onRemove }: { bike: Bike; onActivate: () => void; onRemove: () => void }) {
  const name = bikeName(bike);
  return (
    <li className={`flex min-w-0 flex-wrap items-center justify-between gap-3 rounded-box border bg-base-100 p-4 ${bike.active ? 'border-primary' : 'border-base-300'}`}>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-lg font-semibold wrap-anywhere">
          {name}
          {bike.variant && <span className="font-normal text-base-content/70"> ({bike.variant})</span>}
        </h2>
        {bike.active && <span className="badge badge-primary">{copy.active}</span>}
      </div>
      <div className="flex min-w-0 flex-wrap gap-2">
        {bike.active ? (
          <Link to={paths.allProducts.getHref()} className="btn btn-sm btn-primary h-auto min-h-8 max-w-full py-1">
            <span className="min-w-0 whitespace-normal wrap-anywhere">{copy.shopFor(name)}</span>
          </Link>
        ) : (
          <button type="button" className="btn btn-sm btn-outline" onClick={onActivate}>
            {copy.setActive} <span className="sr-only">{name}</span>
          </button>
        )}
        <button type="button" className="btn btn-sm btn-ghost text-red-700" onClick={onRemove}>
          {copy.remove} <span className="sr-only">{name}</span>
        </button>
      </div>
    </li>
  );
}
