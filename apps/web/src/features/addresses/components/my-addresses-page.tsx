import type { Address, AddressInput } from '@shop/shared';
import { useState } from 'react';
import { useEditAddress, useRemoveAddress, useSaveAddress } from '@/api/addresses/change-addresses';
import { useAddresses } from '@/api/addresses/get-addresses';
import { useSettings } from '@/api/settings/get-settings';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { toastedSave } from '@/lib/toasted-save';
import { countryName } from '@/utils/countries';
import { addressesCopy as copy } from '../copy';
import { AddressDialog } from './address-dialog';

/** How an address is named in buttons and questions: whose, and where. */
const nameOf = (address: Address) => `${address.fullName}, ${address.line1}`;

/** The address as sent back whole, e.g. to make it the default. */
const inputOf = ({ fullName, line1, line2, city, region, postcode, country, phone }: Address): AddressInput => ({
  fullName,
  line1,
  line2,
  city,
  region,
  postcode,
  country,
  phone,
});

/** My Addresses (`/dashbord/addresses`): the customer's saved addresses as cards, one the default; add, edit, remove, make default. */
export function MyAddressesPage() {
  const addresses = useAddresses();
  const settings = useSettings();
  const saveAddress = useSaveAddress();
  const editAddress = useEditAddress();
  const removeAddress = useRemoveAddress();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const removal = useConfirmedAction({
    action: (address: Address) => removeAddress.mutateAsync(address._id),
    key: (address) => address._id,
    done: copy.remove.done,
    failed: copy.remove.failed,
    question: { ...copy.remove.confirm, text: (address) => copy.remove.confirm.text(nameOf(address)) },
  });
  const makeDefault = useConfirmedAction({
    action: (address: Address) => editAddress.mutateAsync({ id: address._id, address: { ...inputOf(address), isDefault: true } }),
    key: (address) => address._id,
    done: copy.makeDefault.done,
    failed: copy.makeDefault.failed,
  });
  const busyKey = removal.busyKey ?? makeDefault.busyKey;

  const save = (values: AddressInput) =>
    editing === 'new' || editing === null
      ? toastedSave({ done: copy.add.added, failed: copy.add.failed }, async () => Boolean((await saveAddress.mutateAsync(values)).insertedId))
      : toastedSave({ done: copy.edit.saved, failed: copy.edit.failed }, async () => {
          await editAddress.mutateAsync({ id: editing._id, address: values });
          return true;
        });

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-3xl font-bold">{copy.heading}</h1>
          <p className="text-base-content/80">{copy.intro}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {copy.add.open}
        </button>
      </div>
      <QueryView query={addresses} copy={copy}>
        {(saved) =>
          saved.length === 0 ? (
            <EmptyState text={copy.empty} />
          ) : (
            <ul aria-label={copy.listLabel} className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {saved.map((address) => (
                <AddressCard
                  key={address._id}
                  address={address}
                  busy={busyKey === address._id}
                  onEdit={() => setEditing(address)}
                  onMakeDefault={() => makeDefault.run(address)}
                  onRemove={() => removal.ask(address)}
                />
              ))}
            </ul>
          )
        }
      </QueryView>
      <AddressDialog editing={editing} shopCountry={settings.data?.country} onSave={save} onClose={() => setEditing(null)} />
      <ConfirmDialog {...removal.dialog} />
    </div>
  );
}

interface AddressCardProps {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}

function AddressCard({ address, busy, onEdit, onMakeDefault, onRemove }: AddressCardProps) {
  const name = nameOf(address);
  const place = [address.city, address.region, address.postcode].filter(Boolean).join(' ');
  return (
    <li className={`flex min-w-0 flex-col gap-3 rounded-box border bg-base-100 p-4 ${address.isDefault ? 'border-primary' : 'border-base-300'}`} data-testid="address-card">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold wrap-anywhere">{address.fullName}</h2>
        {address.isDefault && <span className="badge badge-primary">{copy.default}</span>}
      </div>
      {/* One line per part, as on a parcel's label. */}
      <address className="flex flex-col not-italic wrap-anywhere">
        <span>{address.line1}</span>
        {address.line2 && <span>{address.line2}</span>}
        {place && <span>{place}</span>}
        <span>{countryName(address.country)}</span>
        <span>{address.phone}</span>
      </address>
      <div className="mt-auto flex min-w-0 flex-wrap gap-2">
        <BusyButton className="btn-outline" busy={false} disabled={busy} onClick={onEdit}>
          {copy.edit.open} <span className="sr-only">{name}</span>
        </BusyButton>
        {!address.isDefault && (
          <BusyButton className="btn-outline" busy={busy} onClick={onMakeDefault}>
            {copy.makeDefault.label} <span className="sr-only">{name}</span>
          </BusyButton>
        )}
        <BusyButton className={DANGER_OUTLINE} busy={false} disabled={busy} onClick={onRemove}>
          {copy.remove.label} <span className="sr-only">{name}</span>
        </BusyButton>
      </div>
    </li>
  );
}
