import { type Address, addressToDelivery, type DeliveryAddress } from '@shop/shared';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useAddresses } from '@/api/addresses/get-addresses';
import { useAccessToken } from '@/lib/access-token';
import { countryName } from '@/utils/countries';

/** SPEC-3 section 1's words for the picker. */
export const savedAddressPickerCopy = {
  label: 'Saved address',
  option: (address: Address) => [address.fullName, addressToDelivery(address).location, address.postcode, countryName(address.country)].join(', '),
} as const;

export interface SavedAddressPickerProps {
  /** Called with the delivery of the address chosen: the page fills its Location, Phone, Postcode, Region and Country with it. */
  onPick: (delivery: DeliveryAddress) => void;
  /** Whether the default address fills the page as soon as the addresses are known (true), or only a choice does. */
  fillWithDefault?: boolean;
}

/**
 * The saved address picker of the purchase page and checkout: a select 'Saved address' of the
 * signed-in customer's addresses, the default chosen first. Nothing at all for a visitor or a
 * customer who has saved none.
 */
export function SavedAddressPicker({ onPick, fillWithDefault = true }: SavedAddressPickerProps) {
  const id = useId();
  const signedIn = useAccessToken() !== null;
  const addresses = useAddresses({ enabled: signedIn });
  const saved = signedIn ? (addresses.data ?? []) : [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = saved.find((address) => address._id === chosenId) ?? saved.find((address) => address.isDefault) ?? saved[0];

  // The default fills the page once, when it is first known; later refreshes leave what the customer typed.
  const filled = useRef(false);
  const fill = useEffectEvent((address: Address) => onPick(addressToDelivery(address)));
  useEffect(() => {
    if (!fillWithDefault || filled.current || !chosen) return;
    filled.current = true;
    fill(chosen);
  }, [chosen, fillWithDefault]);

  if (!chosen) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        {savedAddressPickerCopy.label}
      </label>
      <select
        id={id}
        className="select w-full"
        value={chosen._id}
        onChange={(event) => {
          const address = saved.find((candidate) => candidate._id === event.target.value);
          if (!address) return;
          setChosenId(address._id);
          onPick(addressToDelivery(address));
        }}
      >
        {saved.map((address) => (
          <option key={address._id} value={address._id}>
            {savedAddressPickerCopy.option(address)}
          </option>
        ))}
      </select>
    </div>
  );
}
