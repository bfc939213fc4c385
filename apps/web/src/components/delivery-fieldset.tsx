import type { DeliveryAddress } from '@shop/shared';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AddressFields, DeliveryMethods, SaveAddressCheckbox } from '@/components/delivery-options';
import { SavedAddressPicker } from '@/components/saved-address-picker';
import { FormField } from '@/components/ui/form-field';
import type { PurchaseQuote } from '@/hooks/use-purchase-quote';
import type { DeliveryFormValues } from '@/lib/delivery-form';

/** SPEC's words for the delivery's first two fields, on the purchase page and the checkout alike. */
export const deliveryFieldsetCopy = {
  location: 'Location',
  locationHint: 'Delivery address',
  phone: 'Phone',
} as const;
const copy = deliveryFieldsetCopy;

interface DeliveryFieldsetProps {
  /** Prefix of the fields' ids ('purchase', 'checkout'). */
  idPrefix: string;
  /** The shop's country: a form nobody has given a country yet starts with it, and the list with it. */
  shopCountry: string | undefined;
  /** The quote of the form as it stands: its methods, and its refusals under their fields. */
  priced: Pick<PurchaseQuote, 'quote' | 'errorFor'>;
  /** Whether the delivery methods are offered (not for a part out of stock). */
  withMethods?: boolean;
}

/**
 * Where the parcel goes and how, inside a form of DeliveryFormValues (through react-hook-form's
 * FormProvider): the saved address picker, 'Location', 'Phone', 'Postcode', 'Region', 'Country',
 * 'Save this address' and the delivery methods. Choosing another country clears the region and
 * the method, which belong to the country; a picked address fills every field and clears the method.
 */
export function DeliveryFieldset({ idPrefix, shopCountry, priced, withMethods = true }: DeliveryFieldsetProps) {
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useFormContext<DeliveryFormValues>();
  const [country, chosenMethod] = useWatch({ control, name: ['country', 'shippingMethodId'] });

  // The shop's country arrives with its settings: it fills a country nobody has chosen yet.
  useEffect(() => {
    if (shopCountry && !getValues('country')) setValue('country', shopCountry);
  }, [shopCountry, getValues, setValue]);

  const fill = (delivery: DeliveryAddress) => {
    for (const [name, value] of Object.entries(delivery) as Array<[keyof DeliveryAddress, string]>) setValue(name, value);
    setValue('shippingMethodId', '');
  };

  return (
    <>
      <SavedAddressPicker onPick={fill} />
      <FormField id={`${idPrefix}-location`} label={copy.location} hint={copy.locationHint} error={errors.location?.message}>
        {(props) => <input type="text" autoComplete="street-address" {...props} {...register('location')} />}
      </FormField>
      <FormField id={`${idPrefix}-phone`} label={copy.phone} error={errors.phone?.message}>
        {(props) => <input type="tel" autoComplete="tel" {...props} {...register('phone')} />}
      </FormField>
      <AddressFields
        idPrefix={idPrefix}
        country={country}
        shopCountry={shopCountry}
        fields={{
          postcode: register('postcode'),
          region: register('region'),
          country: register('country', {
            onChange: () => {
              setValue('region', '');
              setValue('shippingMethodId', '');
            },
          }),
        }}
        errors={{
          postcode: errors.postcode?.message ?? priced.errorFor('postcode'),
          region: errors.region?.message ?? priced.errorFor('region'),
          country: errors.country?.message ?? priced.errorFor('country'),
        }}
      />
      <SaveAddressCheckbox id={`${idPrefix}-save-address`} field={register('saveAddress')} />
      {withMethods && (
        <DeliveryMethods
          idPrefix={idPrefix}
          quote={priced.quote}
          chosenId={chosenMethod}
          onChoose={(id) => setValue('shippingMethodId', id)}
          error={errors.shippingMethodId?.message ?? priced.errorFor('shippingMethodId')}
        />
      )}
    </>
  );
}
