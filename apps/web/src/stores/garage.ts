import { type BikeShow, GARAGE_MAX, garageMessages, ID_PATTERN, type GarageBike, type GarageBikeService } from '@shop/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type To, useNavigate, useSearchParams } from 'react-router';
import { addGarageBike, removeGarageBike } from '@/api/garage/change-garage';
import { getGarage } from '@/api/garage/get-garage';
import { getVehicles } from '@/api/vehicles/get-vehicles';
import { useAccessToken } from '@/lib/access-token';
import { isApiError } from '@/lib/api-client';
import { createBrowserStore } from './browser-store';
import type { BikeQuery } from '@/lib/query-keys';
import { queryKeys } from '@/lib/query-keys';

/**
 * My Garage (SPEC-2 section 3): a signed-in rider's bikes live on the server (GET/POST/DELETE
 * /garage); a visitor's in this browser, joined into the account at sign-in. One bike is the
 * active one, and the catalogue shows the parts that fit it.
 */
export interface Bike {
  /** The server's id, or for a visitor's bike its vehicle and year. */
  id: string;
  vehicleId: string;
  make: string;
  model: string;
  variant: string;
  year: number;
  active: boolean;
  /** A signed-in rider's bike: its odometer, services and next service, and whether its reminders are on. */
  service?: BikeService;
}
export type BikeService = Omit<GarageBikeService, keyof GarageBike>;
export type NewBike = Omit<Bike, 'id' | 'active' | 'service'>;

export const GARAGE_STORAGE_KEY = 'garage';
const SHOW_ALL_STORAGE_KEY = 'garage.showAll';

// ---- A visitor's bikes in local storage ----

type StoredBike = Omit<Bike, 'id' | 'service'>;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 80;
const isStoredBike = (value: unknown): value is StoredBike => {
  if (typeof value !== 'object' || value === null) return false;
  const bike = value as Record<string, unknown>;
  return (
    typeof bike.vehicleId === 'string' &&
    ID_PATTERN.test(bike.vehicleId) &&
    isText(bike.make) &&
    isText(bike.model) &&
    typeof bike.variant === 'string' &&
    Number.isInteger(bike.year) &&
    (bike.year as number) >= 1900 &&
    (bike.year as number) <= 2100 &&
    typeof bike.active === 'boolean'
  );
};

const NO_BIKES: Bike[] = [];
const idOf = (bike: { vehicleId: string; year: number }) => `${bike.vehicleId}:${bike.year}`;

/** The visitor's bikes: each once, at most GARAGE_MAX, exactly one of them active. */
const visitorGarage = createBrowserStore<Bike[]>({
  key: GARAGE_STORAGE_KEY,
  empty: NO_BIKES,
  parse: (stored) => {
    const bikes = (Array.isArray(stored) ? stored : []).filter(isStoredBike).slice(0, GARAGE_MAX);
    const unique = bikes.filter((bike, index) => bikes.findIndex((other) => idOf(other) === idOf(bike)) === index);
    const activeAt = unique.findIndex((bike) => bike.active);
    return unique.map((bike, index) => ({ ...bike, id: idOf(bike), active: index === (activeAt === -1 ? 0 : activeAt) }));
  },
  serialize: (bikes): StoredBike[] => bikes.map(({ id: _id, ...bike }) => bike),
  isEmpty: (bikes) => bikes.length === 0,
});

const localGarage = {
  add(bike: NewBike) {
    const bikes = visitorGarage.get();
    const known = bikes.some((other) => other.id === idOf(bike));
    if (!known && bikes.length >= GARAGE_MAX) throw new Error(garageMessages.full);
    const others = bikes.filter((other) => other.id !== idOf(bike)).map((other) => ({ ...other, active: false }));
    visitorGarage.set([...others, { ...bike, id: idOf(bike), active: true }]);
  },
  activate(bike: Bike) {
    visitorGarage.set(visitorGarage.get().map((other) => ({ ...other, active: other.id === bike.id })));
  },
  remove(bike: Bike) {
    const rest = visitorGarage.get().filter((other) => other.id !== bike.id);
    // The newest other bike takes over, as on the server.
    if (bike.active && rest.length > 0) rest[rest.length - 1] = { ...rest[rest.length - 1]!, active: true };
    visitorGarage.set(rest);
  },
};

// ---- Whether the catalogue shows every part for this visit ----

const showAllStore = createBrowserStore({
  key: SHOW_ALL_STORAGE_KEY,
  storage: 'session',
  empty: false,
  parse: (stored) => stored === 1,
  serialize: () => 1,
  isEmpty: (showAll) => !showAll,
});
const setShowAll = showAllStore.set;

// ---- Hooks ----

const fromServer = ({ _id, vehicleId, make, model, variant, year, active, ...service }: GarageBikeService): Bike => ({ id: _id, vehicleId, make, model, variant, year, active, service });

export interface Garage {
  bikes: Bike[];
  active: Bike | null;
  isLoading: boolean;
  /** Adds the bike (or finds it) and makes it the active one. */
  add: (bike: NewBike) => Promise<void>;
  activate: (bike: Bike) => Promise<void>;
  remove: (bike: Bike) => Promise<void>;
}

export function useGarage(): Garage {
  const signedIn = useAccessToken() !== null;
  const local = visitorGarage.useValue();
  const queryClient = useQueryClient();
  const server = useQuery({ queryKey: queryKeys.garage, queryFn: ({ signal }) => getGarage({ signal }), enabled: signedIn, select: (bikes) => bikes.map(fromServer) });
  const bikes = signedIn ? (server.data ?? NO_BIKES) : local;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.garage });
  const chosen = () => setShowAll(false);

  return {
    bikes,
    active: bikes.find((bike) => bike.active) ?? null,
    isLoading: signedIn && server.isPending,
    async add(bike) {
      if (signedIn) {
        await addGarageBike({ vehicleId: bike.vehicleId, year: bike.year, active: true });
        await refresh();
      } else localGarage.add(bike);
      chosen();
    },
    async activate(bike) {
      if (signedIn) {
        await addGarageBike({ vehicleId: bike.vehicleId, year: bike.year, active: true });
        await refresh();
      } else localGarage.activate(bike);
      chosen();
    },
    async remove(bike) {
      if (signedIn) {
        await removeGarageBike(bike.id);
        await refresh();
      } else localGarage.remove(bike);
    },
  };
}

// ---- Whether a list shows the parts without fitment data: in the address ----

const SHOW_PARAM = 'show';
const UNCONFIRMED = 'unconfirmed';

/** The address's choice of the parts without fitment data, for a page's own links (its pages, its filters) to keep. */
export const keptShowParams = (params: URLSearchParams): Record<string, string> => (params.get(SHOW_PARAM) === UNCONFIRMED ? { [SHOW_PARAM]: UNCONFIRMED } : {});

export interface BikeFilter {
  /** The active bike, or none: everything is as in SPEC.md then. */
  bike: Bike | null;
  /**
   * What the lists show for it: the parts that fit it or every bike, every part (each still with
   * its badge; for this visit), or the parts without fitment data (in the address, so a reload or
   * a shared link keeps it).
   */
  show: BikeShow;
  /** Shows that list, from the first page. */
  setShow: (show: BikeShow) => void;
  /** This page's address showing that list, from the first page: for links. */
  showHref: (show: BikeShow) => To;
  /** What the catalogue's calls send. */
  query: BikeQuery;
}

/** `anchor`: the id of the list's section, where a page that is not the list alone shows it after a change. */
export function useBikeFilter({ anchor }: { anchor?: string } = {}): BikeFilter {
  const { active } = useGarage();
  const showAll = showAllStore.useValue();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const show: BikeShow = params.get(SHOW_PARAM) === UNCONFIRMED ? 'unconfirmed' : showAll ? 'all' : 'fitting';
  const showHref = (next: BikeShow): To => {
    const search = new URLSearchParams(params);
    search.delete('page');
    if (next === 'unconfirmed') search.set(SHOW_PARAM, UNCONFIRMED);
    else search.delete(SHOW_PARAM);
    return { search: search.toString(), hash: anchor ?? '' };
  };
  return {
    bike: active,
    show,
    setShow(next) {
      if (next !== 'unconfirmed') setShowAll(next === 'all');
      if (next === 'unconfirmed' || params.has(SHOW_PARAM)) void navigate(showHref(next));
    },
    showHref,
    query: active ? { vehicle: active.vehicleId, year: active.year, ...(show === 'fitting' ? {} : { show }) } : null,
  };
}

/** The query string of a bike on the catalogue's calls. */
export const bikeSearchParams = (bike: BikeQuery): Record<string, string> =>
  bike ? { vehicle: bike.vehicle, year: String(bike.year), ...(bike.show ? { show: bike.show } : {}) } : {};

/**
 * Keeps the garage true: a visitor's bikes whose vehicle the shop no longer knows are dropped;
 * at sign-in, the visitor's bikes join the account's (the active one stays active) and leave
 * this browser. Rendered once, in the page frame.
 */
export function GarageKeeper() {
  const token = useAccessToken();
  const local = visitorGarage.useValue();
  const queryClient = useQueryClient();
  const working = useRef(false);
  /** The token the visitor's bikes were last offered with: a bike the shop could not take then waits for the next sign-in. */
  const offeredWith = useRef<string | null>(null);
  const checked = useRef(false);

  useEffect(() => {
    if (local.length === 0 || working.current) return;
    if (token !== null) {
      if (offeredWith.current === token) return;
      working.current = true;
      offeredWith.current = token;
      // The active bike goes last, so it is the account's active bike afterwards.
      const ordered = [...local.filter((bike) => !bike.active), ...local.filter((bike) => bike.active)];
      void (async () => {
        const kept: Bike[] = [];
        for (const bike of ordered) {
          try {
            await addGarageBike({ vehicleId: bike.vehicleId, year: bike.year, active: bike.active });
          } catch (error) {
            // A bike the shop no longer knows, or a full garage: that bike is left behind. Anything
            // else (no connection, a session just replaced): it stays here for the next try.
            if (!(isApiError(error) && (error.status === 422 || error.status === 409))) kept.push(bike);
          }
        }
        visitorGarage.set(kept);
        // The account's garage may have been asked for before the bikes joined it, its answer
        // still on the way: that answer is dropped and the garage asked for again.
        await queryClient.cancelQueries({ queryKey: queryKeys.garage });
        await queryClient.invalidateQueries({ queryKey: queryKeys.garage });
        working.current = false;
      })();
      return;
    }
    if (checked.current) return;
    checked.current = true;
    void (async () => {
      const known = await Promise.all(
        local.map((bike) =>
          getVehicles({ make: bike.make, model: bike.model, year: bike.year }).then(
            (vehicles) => vehicles.some((vehicle) => vehicle._id === bike.vehicleId),
            () => true, // no answer: keep the bike
          ),
        ),
      );
      const gone = local.filter((_, index) => !known[index]);
      for (const bike of gone) localGarage.remove(bike);
    })();
  }, [token, local, queryClient]);

  return null;
}
