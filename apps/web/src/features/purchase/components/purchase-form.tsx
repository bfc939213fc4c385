import { zodResolver } from '@hookform/resolvers/zod';
import { isOutOfStock, type Product } from '@shop/shared';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { DeliveryFieldset } from '@/components/delivery-fieldset';
import { QuoteTotals } from '@/components/delivery-options';
import { DiscountCodeField } from '@/components/discount-code-field';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { usePurchaseQuote } from '@/hooks/use-purchase-quote';
import { isApiError } from '@/lib/api-client';
import { DELIVERY_SERVER_FIELDS, emptyDelivery } from '@/lib/delivery-form';
import { applyFieldErrors } from '@/lib/field-errors';
import { purchaseCopy } from '../copy';
import { acceptedQuantity, purchaseFormSchema, type PurchaseFormInput, type PurchaseFormValues } from '../purchase-form-schema';

const copy = purchaseCopy.form;

export interface Buyer {
  name: string;
  email: string;
}

/** What the form adds to its values when it places the order: the method and code shown, and the total the customer saw. */
export interface PurchaseChoice {
  shippingMethodId: string | undefined;
  discountCode: string | null;
  /** The quote's total for exactly these values; undefined when none was shown for them. */
  expectedTotal: number | undefined;
}

interface PurchaseFormProps {
  product: Product;
  /** The signed-in customer: shown, not editable, since the order is theirs. */
  buyer: Buyer;
  /** The shop's country: the form's first, and the country list's top. */
  shopCountry: string | undefined;
  /** Places the order; rejects with an ApiError when the shop refuses it. */
  onSubmit: (values: PurchaseFormValues, choice: PurchaseChoice) => Promise<void>;
  /** The quantity chosen on the part's page; the minimum otherwise. */
  initialQuantity?: number | undefined;
}

/** The shop's field names are the form's: a refusal lands under the field it is about. */
const SERVER_FIELDS = { quantity: 'quantity', ...DELIVERY_SERVER_FIELDS } as const;

const emptyForm = (minimum: number, country: string): PurchaseFormInput => ({ quantity: String(minimum), ...emptyDelivery(country) });

/**
 * SPEC's purchase form (the buyer, order quantity from the minimum, location and phone) with
 * SPEC-3's address, delivery method, discount code and the totals the shop quotes for them.
 */
export function PurchaseForm({ product, buyer, shopCountry, onSubmit, initialQuantity }: PurchaseFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const { minimum, quantity: available } = product;
  // Rebuilt when the stock changes (e.g. refetched after an order), so the rules follow it.
  const resolver = useMemo(() => zodResolver(purchaseFormSchema({ minimum, available })), [minimum, available]);
  const form = useForm<PurchaseFormInput, unknown, PurchaseFormValues>({
    resolver,
    defaultValues: { ...emptyForm(minimum, shopCountry ?? ''), ...(initialQuantity ? { quantity: String(initialQuantity) } : {}) },
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [typedQuantity, country, region, postcode, chosenMethod] = useWatch({ control, name: ['quantity', 'country', 'region', 'postcode', 'shippingMethodId'] });
  const outOfStock = isOutOfStock(product);

  const quantity = acceptedQuantity(typedQuantity, { minimum, available });
  const priced = usePurchaseQuote({
    lines: quantity === null || outOfStock ? null : [{ productId: product._id, quantity }],
    country,
    region,
    postcode,
    shippingMethodId: chosenMethod,
    discountCode,
  });
  const quote = priced.quote;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values, {
        shippingMethodId: quote?.shippingMethodId,
        discountCode: quote?.discountCode ?? null,
        expectedTotal: priced.current ? quote?.total : undefined,
      });
      reset(emptyForm(minimum, shopCountry ?? values.country));
      setDiscountCode(null);
    } catch (error) {
      // e.g. the stock ran out since the page was loaded: said under the quantity.
      if (isApiError(error) && applyFieldErrors(error.fieldErrors, setError, SERVER_FIELDS)) return;
      setFormError(isApiError(error) ? error.message : copy.failed);
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-labelledby="purchase-form-heading" className="flex flex-col gap-4">
        <h2 id="purchase-form-heading" className="text-2xl font-bold">
          {copy.heading}
        </h2>
        <fieldset disabled={outOfStock} className="flex min-w-0 flex-col gap-4">
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
            error={errors.quantity?.message ?? priced.errorFor('lines')}
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
          <DeliveryFieldset idPrefix="purchase" shopCountry={shopCountry} priced={priced} withMethods={!outOfStock} />
          {!outOfStock && (
            <DiscountCodeField
              onApply={(code) => setDiscountCode(code || null)}
              message={discountCode && quote?.discountMessage ? { text: quote.discountMessage, applied: quote.discountCode !== null } : null}
            />
          )}
        </fieldset>
        {!outOfStock && <QuoteTotals quote={quote} loading={priced.loading} failed={priced.failed} />}
        {formError && <FieldMessage alert>{formError}</FieldMessage>}
        {outOfStock ? (
          <Link to={paths.home.getHref()} className="btn btn-outline btn-block border-red-700 text-red-700">
            {copy.outOfStock}
          </Link>
        ) : (
          // Placed only with the totals of the form as it is, so the total sent as seen is the one on screen.
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting || priced.loading} aria-busy={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {copy.submit}
          </button>
        )}
      </form>
    </FormProvider>
  );
}
