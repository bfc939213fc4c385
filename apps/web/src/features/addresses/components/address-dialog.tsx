import { zodResolver } from '@hookform/resolvers/zod';
import { type Address, addressInputSchema, type AddressInput, type AddressValues, COUNTRY_REGIONS } from '@shop/shared';
import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { countryOptions } from '@/utils/countries';
import { addressesCopy } from '../copy';

const copy = addressesCopy.fields;

const FIELDS = {
  fullName: 'fullName',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  region: 'region',
  postcode: 'postcode',
  country: 'country',
  phone: 'phone',
} as const;

/** What the form starts from: the address being changed, or an empty one in the shop's country. */
const startingValues = (address: Address | null, country: string): AddressInput =>
  address
    ? { fullName: address.fullName, line1: address.line1, line2: address.line2, city: address.city, region: address.region ?? '', postcode: address.postcode, country: address.country, phone: address.phone }
    : { fullName: '', line1: '', line2: '', city: '', region: '', postcode: '', country, phone: '' };

export interface AddressDialogProps {
  /** Open while set: 'new' for 'Add address', else the address to change. */
  editing: Address | 'new' | null;
  /** The shop's country: first in the list, and a new address's country. */
  shopCountry: string | undefined;
  onSave: (values: AddressValues) => Promise<SubmitOutcome>;
  onClose: () => void;
}

/** 'Add address' and 'Edit': the address form in a dialog, closed once the shop has saved it. */
export function AddressDialog({ editing, shopCountry, onSave, onClose }: AddressDialogProps) {
  const headingId = useId();
  const address = editing === 'new' ? null : editing;
  return (
    <Modal open={editing !== null} onClose={onClose} labelledBy={headingId}>
      {editing !== null && (
        <>
          <h2 id={headingId} className="text-lg font-bold">
            {address ? addressesCopy.edit.heading : addressesCopy.add.heading}
          </h2>
          <AddressForm key={address?._id ?? 'new'} address={address} shopCountry={shopCountry ?? ''} onSave={onSave} onClose={onClose} />
        </>
      )}
    </Modal>
  );
}

function AddressForm({ address, shopCountry, onSave, onClose }: { address: Address | null; shopCountry: string } & Pick<AddressDialogProps, 'onSave' | 'onClose'>) {
  const id = useId();
  const form = useServerForm<AddressInput, AddressValues>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: startingValues(address, shopCountry),
    fields: FIELDS,
    onSubmit: async (values) => {
      const outcome = await onSave(values);
      if (outcome.saved) onClose();
      return outcome;
    },
  });
  const { errors } = form.formState;
  const field = (name: keyof typeof FIELDS) => `${id}-${name}`;
  const country = useWatch({ control: form.control, name: 'country' });
  const regions = COUNTRY_REGIONS[country];
  const submitLabel = address ? addressesCopy.edit.submit : addressesCopy.add.submit;
  // Some 250 countries: made once, so a keystroke that shows a message does not make them again.
  const countries = useMemo(
    () =>
      countryOptions(shopCountry || undefined).map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      )),
    [shopCountry],
  );

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id={field('fullName')} className="sm:col-span-2" label={copy.fullName} error={errors.fullName?.message}>
          {(props) => <input type="text" autoComplete="name" {...props} {...form.register('fullName')} />}
        </FormField>
        <FormField id={field('line1')} className="sm:col-span-2" label={copy.line1} error={errors.line1?.message}>
          {(props) => <input type="text" autoComplete="address-line1" {...props} {...form.register('line1')} />}
        </FormField>
        <FormField id={field('line2')} className="sm:col-span-2" label={copy.line2} hint={copy.optional} error={errors.line2?.message}>
          {(props) => <input type="text" autoComplete="address-line2" {...props} {...form.register('line2')} />}
        </FormField>
        <FormField id={field('city')} label={copy.city} hint={copy.optional} error={errors.city?.message}>
          {(props) => <input type="text" autoComplete="address-level2" {...props} {...form.register('city')} />}
        </FormField>
        <FormField id={field('postcode')} label={copy.postcode} error={errors.postcode?.message}>
          {(props) => <input type="text" autoComplete="postal-code" {...props} {...form.register('postcode')} />}
        </FormField>
        <FormField id={field('country')} kind="select" label={copy.country} error={errors.country?.message}>
          {(props) => (
            // A region belongs to its country: another country starts without one.
            <select autoComplete="country" {...props} {...form.register('country', { onChange: () => form.setValue('region', '') })}>
              <option value="">{copy.chooseCountry}</option>
              {countries}
            </select>
          )}
        </FormField>
        {regions && (
          <FormField id={field('region')} kind="select" label={copy.region} error={errors.region?.message}>
            {(props) => (
              <select autoComplete="address-level1" {...props} {...form.register('region')}>
                <option value="">{copy.chooseRegion}</option>
                {regions.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <FormField id={field('phone')} label={copy.phone} error={errors.phone?.message}>
          {(props) => <input type="tel" autoComplete="tel" {...props} {...form.register('phone')} />}
        </FormField>
      </div>
      <DialogFormActions formError={form.formError} busy={form.formState.isSubmitting} cancelLabel={addressesCopy.cancel} onCancel={onClose}>
        {submitLabel}
      </DialogFormActions>
    </form>
  );
}
