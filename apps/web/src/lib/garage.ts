import { GARAGE_MAX, garageMessages, ID_PATTERN, type GarageBike } from '@shop/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { addGarageBike, removeGarageBike } from '@/api/garage/change-garage';
import { getGarage } from '@/api/garage/get-garage';
import { getVehicles } from '@/api/vehicles/get-vehicles';
import { useAccessToken } from './access-token';
import { isApiError } from './api-client';
import type { BikeQuery } from './query-keys';
import { queryKeys } from './query-keys';

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
}
export type NewBike = Omit<Bike, 'id' | 'active'>;

export const GARAGE_STORAGE_KEY = 'garage';
const SHOW_ALL_STORAGE_KEY = 'garage.showAll';

// ---- A visitor's bikes in local storage ----

type StoredBike = Omit<Bike, 'id'>;
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

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GARAGE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const NO_BIKES: Bike[] = [];
let lastRaw: string | null = null;
let lastBikes: Bike[] = NO_BIKES;

/** The visitor's bikes; anything malformed in storage is left out, never a crash. */
function readLocalBikes(): Bike[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(GARAGE_STORAGE_KEY);
  } catch {
    return NO_BIKES;
  }
  if (raw === lastRaw) return lastBikes;
  lastRaw = raw;
  let parsed: unknown;
  try {
    parsed = raw === null ? [] : JSON.parse(raw);
  } catch {
    parsed = [];
  }
  const stored = (Array.isArray(parsed) ? parsed : []).filter(isStoredBike).slice(0, GARAGE_MAX);
  const unique = stored.filter((bike, index) => stored.findIndex((other) => other.vehicleId === bike.vehicleId && other.year === bike.year) === index);
  const activeAt = unique.findIndex((bike) => bike.active);
  lastBikes = unique.map((bike, index) => ({ ...bike, id: `${bike.vehicleId}:${bike.year}`, active: index === (activeAt === -1 ? 0 : activeAt) }));
  return lastBikes;
}

function writeLocalBikes(bikes: Bike[]): void {
  try {
    if (bikes.length === 0) localStorage.removeItem(GARAGE_STORAGE_KEY);
    else localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify(bikes.map(({ id: _id, ...bike }) => bike)));
  } catch {
    // Without storage the garage lasts for this page only.
  }
  notify();
}

const localGarage = {
  add(bike: NewBike) {
    const bikes = readLocalBikes();
    const known = bikes.some((other) => other.vehicleId === bike.vehicleId && other.year === bike.year);
    if (!known && bikes.length >= GARAGE_MAX) throw new Error(garageMessages.full);
    const others = bikes.filter((other) => !(other.vehicleId === bike.vehicleId && other.year === bike.year)).map((other) => ({ ...other, active: false }));
    writeLocalBikes([...others, { ...bike, id: `${bike.vehicleId}:${bike.year}`, active: true }]);
  },
  activate(bike: Bike) {
    writeLocalBikes(readLocalBikes().map((other) => ({ ...other, active: other.id === bike.id })));
  },
  remove(bike: Bike) {
    const rest = readLocalBikes().filter((other) => other.id !== bike.id);
    // The newest other bike takes over, as on the server.
    if (bike.active && rest.length > 0) rest[rest.length - 1] = { ...rest[rest.length - 1]!, active: true };
    writeLocalBikes(rest);
  },
};

// ---- Whether the catalogue shows every part for this visit ----

/** Without session storage, this page keeps the choice. */
let showAllHere = false;
const readShowAll = (): boolean => {
  try {
    return sessionStorage.getItem(SHOW_ALL_STORAGE_KEY) === '1';
  } catch {
    return showAllHere;
  }
};
const setShowAll = (showAll: boolean) => {
  showAllHere = showAll;
  try {
    if (showAll) sessionStorage.setItem(SHOW_ALL_STORAGE_KEY, '1');
    else sessionStorage.removeItem(SHOW_ALL_STORAGE_KEY);
  } catch {
    // This page only, then.
  }
  notify();
};

// ---- Hooks ----

const fromServer = (bike: GarageBike): Bike => ({ id: bike._id, vehicleId: bike.vehicleId, make: bike.make, model: bike.model, variant: bike.variant, year: bike.year, active: bike.active });

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
  const local = useSyncExternalStore(subscribe, readLocalBikes, () => NO_BIKES);
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

export interface BikeFilter {
  /** The active bike, or none: everything is as in SPEC.md then. */
  bike: Bike | null;
  /** The rider asked to see every part (each still with its badge). */
  showAll: boolean;
  setShowAll: (showAll: boolean) => void;
  /** What the catalogue's calls send. */
  query: BikeQuery;
}

export function useBikeFilter(): BikeFilter {
  const { active } = useGarage();
  const showAll = useSyncExternalStore(subscribe, readShowAll, () => false);
  return {
    bike: active,
    showAll,
    setShowAll,
    query: active ? { vehicle: active.vehicleId, year: active.year, ...(showAll ? { show: 'all' as const } : {}) } : null,
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
  const local = useSyncExternalStore(subscribe, readLocalBikes, () => NO_BIKES);
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
        writeLocalBikes(kept);
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
