import { zodResolver } from '@hookform/resolvers/zod';
import { isOutOfStock, lineTotal, type Product } from '@shop/shared';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/field-errors';
import { formatPrice } from '@/utils/format';
import { purchaseCopy } from '../copy';
import { acceptedQuantity, purchaseFormSchema, type PurchaseFormInput, type PurchaseFormValues } from '../purchase-form-schema';

const copy = purchaseCopy.form;

export interface Buyer {
  name: string;
  email: string;
}

interface PurchaseFormProps {
  product: Product;
  /** The signed-in customer: shown, not editable, since the order is theirs. */
  buyer: Buyer;
  /** Places the order; rejects with an ApiError when the shop refuses it. */
  onSubmit: (values: PurchaseFormValues) => Promise<void>;
  /** The quantity chosen on the part's page; the minimum otherwise. */
  initialQuantity?: number | undefined;
}

/** The shop's field names are the form's: a refusal lands under the field it is about. */
const SERVER_FIELDS = { quantity: 'quantity', location: 'location', phone: 'phone' } as const;

const emptyForm = (minimum: number): PurchaseFormInput => ({ quantity: String(minimum), location: '', phone: '' });

/** SPEC's purchase form: the buyer, order quantity (from the minimum), location and phone. */
export function PurchaseForm({ product, buyer, onSubmit, initialQuantity }: PurchaseFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const { minimum, quantity: available } = product;
  // Rebuilt when the stock changes (e.g. refetched after an order), so the rules follow it.
  const resolver = useMemo(() => zodResolver(purchaseFormSchema({ minimum, available })), [minimum, available]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseFormInput, unknown, PurchaseFormValues>({
    resolver,
    defaultValues: { ...emptyForm(minimum), ...(initialQuantity ? { quantity: String(initialQuantity) } : {}) },
  });
  const typedQuantity = useWatch({ control, name: 'quantity' });
  const outOfStock = isOutOfStock(product);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
      reset(emptyForm(minimum));
    } catch (error) {
      // e.g. the stock ran out since the page was loaded: said under the quantity.
      if (isApiError(error) && applyFieldErrors(error.fieldErrors, setError, SERVER_FIELDS)) return;
      setFormError(isApiError(error) ? error.message : copy.failed);
    }
  });

  const quantity = acceptedQuantity(typedQuantity, { minimum, available });
  const total = quantity === null ? null : lineTotal(product.price, quantity);

  return (
    <form noValidate onSubmit={submit} aria-labelledby="purchase-form-heading" className="flex flex-col gap-4">
      <h2 id="purchase-form-heading" className="text-2xl font-bold">
        {copy.heading}
      </h2>
      <fieldset disabled={outOfStock} className="flex flex-col gap-4">
        <FormField id="purchase-name" label={copy.name} error={undefined}>
          {(props) => <input type="text" readOnly value={buyer.name} autoComplete="off" {...props} className={`${props.className} bg-base-200`} />}
        </FormField>
        <FormField id="purchase-email" label={copy.email} error={undefined}>
          {(props) => <input type="email" readOnly value={buyer.email} autoComplete="off" {...props} className={`${props.className} bg-base-200`} />}
        </FormField>
        <FormField
          id="purchase-quantity"
          label={copy.quantity}
          hint={outOfStock ? undefined : copy.quantityHint(minimum, available)}
          error={errors.quantity?.message}
        >
          {(props) => (
            <input
              type="number"
              inputMode="numeric"
              min={minimum}
              max={available}
              step={1}
              {...props}
              {...register('quantity')}
            />
          )}
        </FormField>
        <FormField id="purchase-location" label={copy.location} hint={copy.locationHint} error={errors.location?.message}>
          {(props) => <input type="text" autoComplete="street-address" {...props} {...register('location')} />}
        </FormField>
        <FormField id="purchase-phone" label={copy.phone} error={errors.phone?.message}>
          {(props) => <input type="tel" autoComplete="tel" {...props} {...register('phone')} />}
        </FormField>
      </fieldset>
      {!outOfStock && (
        <p className="flex items-baseline justify-between border-t border-base-300 pt-4 text-lg">
          <span className="font-medium">{copy.total}</span>
          <span className="font-bold" data-testid="purchase-total">
            {total === null ? '–' : formatPrice(total)}
          </span>
        </p>
      )}
      {formError && <FieldMessage alert>{formError}</FieldMessage>}
      {outOfStock ? (
        <Link to={paths.home.getHref()} className="btn btn-outline btn-block border-red-700 text-red-700">
          {copy.outOfStock}
        </Link>
      ) : (
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.submit}
        </button>
      )}
    </form>
  );
}
