import { ADD_KIT_PARAM, bikeName } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAccessToken } from '@/lib/access-token';
import { type Bike, type Garage, useGarage } from '@/stores/garage';
import { toast } from '@/lib/toast';
import { garageCopy } from '../copy';
import { BikePicker } from './bike-picker';
import { BikeServicePanel, BikeServiceSignIn } from './bike-service';
import { ServiceKitSection, toastKitAdded, useAddServiceKit } from './service-kit';

const copy = garageCopy.garage;

/** My Garage (`/garage`): the rider's bikes, one of them active, and the picker to add more. */
export function GaragePage() {
  const garage = useGarage();
  const signedIn = useAccessToken() !== null;
  useAddKitFromLink(garage, signedIn);

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
              signedIn={signedIn}
              onActivate={() => void act(garage.activate(bike))}
              onRemove={() => void act(garage.remove(bike), copy.removed(bikeName(bike)))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * `/garage?addKit={bikeId}`, a service reminder's link (SPEC-3 section 5): signed out, sign-in
 * first and back here; signed in, the bike's kit goes into the cart once and the rider on to the
 * cart. The parameter leaves the address before the kit is added, so a reload adds nothing more.
 */
function useAddKitFromLink(garage: Garage, signedIn: boolean) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const addKit = useAddServiceKit();
  const bikeId = params.get(ADD_KIT_PARAM);
  // The address this link was followed from: StrictMode's second run of the effect finds it taken.
  const taken = useRef<string | null>(null);

  useEffect(() => {
    if (bikeId === null) return;
    if (!signedIn) {
      void navigate(paths.auth.signIn.getHref(), { replace: true, state: { from: location } });
      return;
    }
    if (garage.isLoading || taken.current === location.key) return;
    taken.current = location.key;
    const rest = new URLSearchParams(params);
    rest.delete(ADD_KIT_PARAM);
    void navigate({ pathname: location.pathname, search: rest.toString(), hash: location.hash }, { replace: true });
    const bike = garage.bikes.find((each) => each.id === bikeId);
    if (!bike) {
      toast.error(garageCopy.kit.notInGarage);
      return;
    }
    void addKit(bike).then(
      (added) => {
        if (!added) {
          toast.error(garageCopy.kit.noKit);
          return;
        }
        toastKitAdded(bikeName(bike), added);
        if (added.parts.length > 0) void navigate(paths.cart.getHref());
      },
      (error: unknown) => toast.error(error instanceof Error && error.message ? error.message : garageCopy.kit.failed),
    );
  }, [bikeId, signedIn, garage, location, params, navigate, addKit]);
}

function GarageBike({ bike, signedIn, onActivate, onRemove }: { bike: Bike; signedIn: boolean; onActivate: () => void; onRemove: () => void }) {
  const name = bikeName(bike);
  return (
    <li className={`flex min-w-0 flex-col gap-4 rounded-box border bg-base-100 p-4 ${bike.active ? 'border-primary' : 'border-base-300'}`}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-3">
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
      </div>
      {signedIn && bike.service ? <BikeServicePanel bike={bike} service={bike.service} /> : !signedIn && <BikeServiceSignIn />}
      <ServiceKitSection bike={bike} />
    </li>
  );
}
