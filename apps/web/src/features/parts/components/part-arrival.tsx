import { arrivalText } from '@shop/shared';
import { useAddresses } from '@/api/addresses/get-addresses';
import { useSettings } from '@/api/settings/get-settings';
import { type ShippingOffer, useShippingMethodsFor } from '@/api/shipping/get-shipping-methods';
import { DispatchCountdown } from '@/components/ui/dispatch-countdown';
import { useAuth } from '@/lib/session';

/**
 * Where the rider's parcel would go: their default address's country when signed in and they
 * have one, otherwise the shop's own country. Undefined while that is not known yet.
 */
function useDeliveryCountry(): string | undefined {
  const { user, isLoading } = useAuth();
  const settings = useSettings();
  const addresses = useAddresses({ enabled: user !== null });
  if (isLoading || (user !== null && addresses.isPending)) return undefined;
  return addresses.data?.find((address) => address.isDefault)?.country ?? settings.data?.country;
}

/** The cheapest method that delivers (collecting is no arrival), else the cheapest of all: the list is cheapest first. */
const shownMethod = (methods: readonly ShippingOffer[]): ShippingOffer | undefined => methods.find((method) => method.daysMax > 0) ?? methods[0];

/**
 * SPEC-3 section 1, under the stock: when the part arrives with the cheapest method for the
 * rider's country, and until when an order is dispatched today. Its calls go out after the
 * part's own; the space is held meanwhile, so nothing below moves when it fills in.
 */
export function PartArrival() {
  const methods = useShippingMethodsFor(useDeliveryCountry());
  const method = methods.data ? shownMethod(methods.data) : undefined;
  return (
    <div className="min-h-10 text-sm" data-testid="part-arrival">
      {method && (
        <>
          <p className="font-medium">{arrivalText(method)}</p>
          <DispatchCountdown dispatchBy={method.dispatchBy} />
        </>
      )}
    </div>
  );
}
