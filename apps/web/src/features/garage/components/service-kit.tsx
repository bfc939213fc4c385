import { bikeName, kitCartParts, type KitCartPart, lineTotal, type ServiceKit, type ServiceKitLine } from '@shop/shared';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getServiceKit, useServiceKit } from '@/api/vehicles/get-service-kit';
import { useVehicles } from '@/api/vehicles/get-vehicles';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useCart } from '@/stores/cart';
import type { Bike } from '@/stores/garage';
import { formatPrice } from '@/utils/format';
import { garageCopy } from '../copy';

const copy = garageCopy.kit;

/** What 'Add kit to cart' did: the parts added (each with its pieces) and the lines it could not add. */
export interface KitAdded {
  parts: KitCartPart[];
  missing: string[];
}

/**
 * 'Add kit to cart' (SPEC-3 section 5): every line the kit can give (in stock, or its alternative)
 * goes into the cart in one change, each at least at its part's minimum; answers what went in.
 * Without `kit`, the kit is asked for as the shop holds it now (the reminder's link); null when
 * the bike's vehicle has no kit.
 */
export function useAddServiceKit() {
  const cart = useCart();
  return async (bike: Pick<Bike, 'vehicleId'>, kit?: ServiceKit): Promise<KitAdded | null> => {
    // Asked for outside the query cache: the page's own request for it may be cancelled as the page mounts again.
    const current = kit ?? (await getServiceKit(bike.vehicleId));
    if (!current) return null;
    const added = kitCartParts(current);
    if (added.parts.length > 0) await cart.addParts(added.parts);
    return added;
  };
}

/** The toast of an added kit: what went in, what did not, and (unless the rider is on the way there) the way to the cart. */
export function toastKitAdded(bike: string, added: KitAdded, viewCart?: () => void): void {
  if (added.parts.length === 0) {
    toast.error(copy.nothingAdded(bike));
    return;
  }
  toast.success(
    <div className="flex flex-col gap-1">
      <p className="font-semibold">{copy.added(bike)}</p>
      <ul className="text-sm">
        {added.parts.map((part) => (
          <li key={part.productId} className="wrap-anywhere">
            {copy.addedLine(part.quantity, part.name)}
            {part.insteadOf && <span className="text-base-content/70"> ({copy.insteadOf(part.insteadOf)})</span>}
          </li>
        ))}
      </ul>
      {added.missing.length > 0 && (
        <p className="text-sm wrap-anywhere">
          {copy.notAdded} {added.missing.join(', ')}
        </p>
      )}
      {viewCart && (
        // Toasts show outside the router: the link takes the page's own navigation.
        <a
          href={paths.cart.getHref()}
          className="link link-primary self-start font-medium"
          onClick={(event) => {
            event.preventDefault();
            viewCart();
          }}
        >
          {copy.viewCart}
        </a>
      )}
    </div>,
  );
}

/**
 * Whether the bike's vehicle has a kit, without asking for a kit it does not have (a 404): a
 * signed-in rider's bike has a next service only then; a visitor's is looked up in the vehicle
 * list of its model, which says so (and which the bike picker has often fetched already).
 */
function useHasServiceKit(bike: Bike): boolean {
  const listed = useVehicles({ make: bike.make, model: bike.model }, !bike.service);
  if (bike.service) return bike.service.nextService !== null;
  return listed.data?.find((vehicle) => vehicle._id === bike.vehicleId)?.serviceKit === true;
}

/** A bike's 'Service kit' (SPEC-3 section 5), folded until the rider opens it; nothing when its vehicle has none. */
export function ServiceKitSection({ bike }: { bike: Bike }) {
  const kit = useServiceKit(bike.vehicleId, useHasServiceKit(bike));
  if (kit.isPending || kit.data === null) return null;
  if (kit.isError) {
    return (
      <p className="text-sm text-red-700">
        {copy.loadFailed}{' '}
        <button type="button" className="link" onClick={() => void kit.refetch()}>
          {copy.retry}
        </button>
      </p>
    );
  }
  return <KitDisclosure bike={bike} kit={kit.data} />;
}

function KitDisclosure({ bike, kit }: { bike: Bike; kit: ServiceKit }) {
  const name = bikeName(bike);
  const addKit = useAddServiceKit();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  // Set in the tap itself: a second tap before the first one's answer adds nothing.
  const taken = useRef(false);

  const add = async () => {
    if (taken.current) return;
    taken.current = true;
    setAdding(true);
    try {
      const added = await addKit(bike, kit);
      if (added) toastKitAdded(name, added, () => void navigate(paths.cart.getHref()));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : copy.failed);
    } finally {
      taken.current = false;
      setAdding(false);
    }
  };

  return (
    <details className="rounded-box border border-base-300">
      <summary className="cursor-pointer p-3 font-semibold">
        {copy.heading}{' '}
        <span className="sr-only">{name}</span>
        <span className="mt-0.5 block text-sm font-normal text-base-content/80">
          {copy.interval(kit.intervalKm, kit.intervalMonths)} · {formatPrice(kit.total)}
        </span>
      </summary>
      <div className="flex flex-col gap-3 border-t border-base-300 p-3">
        <ul aria-label={copy.linesLabel} className="flex flex-col divide-y divide-base-300">
          {kit.lines.map((line, index) => (
            <KitLine key={line.productId ?? `gone-${index}`} line={line} />
          ))}
        </ul>
        <p className="flex items-baseline justify-between gap-3 border-t border-base-300 pt-3 text-lg font-semibold">
          <span>{copy.total}</span>
          <span>{formatPrice(kit.total)}</span>
        </p>
        <button type="button" className="btn btn-primary self-stretch sm:self-end" onClick={() => void add()} disabled={adding} aria-busy={adding}>
          {adding && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.add}{' '}
          <span className="sr-only">{name}</span>
        </button>
      </div>
    </details>
  );
}

function KitLine({ line }: { line: ServiceKitLine }) {
  const gone = line.productId === null || line.price === null;
  return (
    <li className="flex flex-col gap-1 py-2 first:pt-0">
      <div className="flex min-w-0 items-baseline justify-between gap-3">
        {gone ? (
          <span className="min-w-0 font-medium wrap-anywhere text-base-content/70">{line.name}</span>
        ) : (
          <Link to={paths.part.getHref(line.productId!)} className="link min-w-0 font-medium wrap-anywhere">
            {line.name}
          </Link>
        )}
        {!gone && <span className="shrink-0 font-medium">{formatPrice(lineTotal(line.price!, line.quantity))}</span>}
      </div>
      {line.note && <p className="text-sm text-base-content/80 wrap-anywhere">{line.note}</p>}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span>
          {copy.quantity} {line.quantity}
          {!gone && (
            <span className="text-base-content/80">
              {' '}
              × {formatPrice(line.price!)} {copy.each}
            </span>
          )}
        </span>
        {gone ? (
          <span className="font-medium text-red-700">{copy.partGone}</span>
        ) : line.inStock ? (
          <span className="font-medium text-green-800">{copy.inStock}</span>
        ) : (
          <span className="font-medium text-red-700">{copy.outOfStock}</span>
        )}
      </p>
      {!line.inStock && line.alternative && (
        <p className="text-sm wrap-anywhere">
          {copy.instead}{' '}
          <Link to={paths.part.getHref(line.alternative.productId)} className="link font-medium">
            {line.alternative.name}
          </Link>{' '}
          {formatPrice(line.alternative.price)}
        </p>
      )}
    </li>
  );
}
