import { zodResolver } from '@hookform/resolvers/zod';
import { deliverySchema, deliveryToAddress, orderableTotal } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSaveAddress } from '@/api/addresses/change-addresses';
import { usePlaceCheckout } from '@/api/cart/place-checkout';
import { useSettings } from '@/api/settings/get-settings';
import { DeliveryFieldset } from '@/components/delivery-fieldset';
import { QuoteTotals } from '@/components/delivery-options';
import { DiscountCodeField } from '@/components/discount-code-field';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { usePurchaseQuote } from '@/hooks/use-purchase-quote';
import { isApiError } from '@/lib/api-client';
import { DELIVERY_SERVER_FIELDS, deliveryAddressOf, deliveryFormFields, emptyDelivery, placementOptions, regionRule } from '@/lib/delivery-form';
import { changedTotalState } from '@/lib/placement';
import { useCart } from '@/stores/cart';
import { applyFieldErrors } from '@/lib/field-errors';
import { formatPrice } from '@/utils/format';
import { toast } from '@/lib/toast';
import { cartCopy } from '../copy';
import { setCartCode, useCartCode } from '../cart-code';
import { lineProblem } from './cart-page';
import { useWaitingPurchase, WaitingPurchase } from './waiting-purchase';

const copy = cartCopy.checkoutPage;

/** SPEC-2's delivery and SPEC-3's address and method, checked before anything is sent. */
const checkoutFormSchema = deliverySchema.extend(deliveryFormFields).refine(...regionRule);
type DeliveryInput = z.input<typeof checkoutFormSchema>;
type Delivery = z.output<typeof checkoutFormSchema>;

const resolver = zodResolver(checkoutFormSchema);

/** /checkout: the buyer, where to deliver, the cart's lines and total, and 'Place Order' for all of them at once. */
export function CheckoutPage({ buyer }: { buyer: { name: string; email: string } }) {
  const cart = useCart();
  const navigate = useNavigate();
  const placeCheckout = usePlaceCheckout();
  const saveAddress = useSaveAddress();
  const shopCountry = useSettings().data?.country;
  // The code applied in the cart comes along.
  const discountCode = useCartCode();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DeliveryInput, unknown, Delivery>({ resolver, defaultValues: emptyDelivery(shopCountry ?? '') });
  const {
    handleSubmit,
    setError,
    control,
    formState: { isSubmitting },
  } = form;
  const [country, region, postcode, chosenMethod] = useWatch({ control, name: ['country', 'region', 'postcode', 'shippingMethodId'] });

  // No lines: the shop prices the customer's cart as it holds it.
  const priced = usePurchaseQuote({ lines: cart.lines.length === 0 ? null : undefined, cartLines: cart.lines, country, region, postcode, shippingMethodId: chosenMethod, discountCode });
  const quote = priced.quote;

  const submit = handleSubmit(async (delivery) => {
    setFormError(null);
    try {
      const placed = await placeCheckout.mutateAsync({
        location: delivery.location,
        phone: delivery.phone,
        ...placementOptions(delivery, { shippingMethodId: quote?.shippingMethodId, discountCode: quote?.discountCode ?? null }),
        ...(priced.current && quote ? { expectedTotal: quote.total } : {}),
      });
      toast.success(copy.ordered);
      setCartCode(null);
      // The checkout stands whether or not the address book takes the address (e.g. it is full).
      if (delivery.saveAddress) {
        await saveAddress.mutateAsync(deliveryToAddress(deliveryAddressOf(delivery), buyer.name)).catch((error: unknown) => {
          toast.error(isApiError(error) ? error.message : copy.addressNotSaved);
        });
      }
      // One card payment pays every line: the payment page of the checkout's first order.
      await navigate(paths.dashboard.payment.getHref(placed.orderIds[0]!), { state: changedTotalState(placed) });
    } catch (error) {
      if (isApiError(error) && applyFieldErrors(error.fieldErrors, setError, DELIVERY_SERVER_FIELDS)) return;
      // e.g. a part ran out since the cart was read: the message names it.
      setFormError(isApiError(error) ? error.message : copy.failed);
    }
  });

  // No checkout of a quantity the shop cannot sell: the lines say what to change.
  const blocked = orderableTotal(cart.lines) === null;
  const empty = !cart.isLoading && !cart.error && cart.lines.length === 0 && !isSubmitting;
  // Back from the payment page: the purchase just placed, rather than an empty cart.
  const waiting = useWaitingPurchase(empty ? buyer.email : null);
  let lines;
  if (cart.isLoading || waiting.isLoading) lines = <PageLoader label={cartCopy.loading} />;
  else if (cart.error) lines = <ErrorPanel message={cartCopy.loadFailed} retryLabel={cartCopy.retry} onRetry={cart.retry} isRetrying={false} />;
  else if (empty) {
    return (
      <Frame>
        {waiting.order ? (
          <WaitingPurchase order={waiting.order} />
        ) : (
          <EmptyState
            text={cartCopy.empty}
            action={
              <Link to={paths.allProducts.getHref()} className="btn btn-primary">
                {cartCopy.browse}
              </Link>
            }
          />
        )}
      </Frame>
    );
  } else {
    lines = (
      <section aria-label={copy.linesLabel} className="rounded-box border border-base-300 bg-base-100 p-6">
        <ul className="flex flex-col gap-2">
          {cart.lines.map((line) => {
            const problem = lineProblem(line);
            return (
              <li key={line.productId} className="flex flex-wrap items-baseline justify-between gap-x-4" data-testid="checkout-line">
                <span className="wrap-anywhere">{copy.line(line.quantity, line.name)}</span>
                {problem ? (
                  <span className="tabular-nums">
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">{cartCopy.noLineTotal}</span>
                  </span>
                ) : (
                  <span className="tabular-nums">{formatPrice(line.lineTotal)}</span>
                )}
                {problem && <span className="w-full text-sm font-medium text-red-700">{problem}</span>}
              </li>
            );
          })}
        </ul>
      </section>
    );
  }

  return (
    <Frame>
      {lines}
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6">
          <FormField id="checkout-name" label={copy.name} error={undefined}>
            {(props) => <input type="text" readOnly value={buyer.name} autoComplete="off" {...props} className={`${props.className} bg-base-200`} />}
          </FormField>
          <FormField id="checkout-email" label={copy.email} error={undefined}>
            {(props) => <input type="email" readOnly value={buyer.email} autoComplete="off" {...props} className={`${props.className} bg-base-200`} />}
          </FormField>
          <DeliveryFieldset idPrefix="checkout" shopCountry={shopCountry} priced={priced} />
          <DiscountCodeField
            defaultCode={discountCode ?? ''}
            onApply={(code) => setCartCode(code || null)}
            message={discountCode && quote?.discountMessage ? { text: quote.discountMessage, applied: quote.discountCode !== null } : null}
          />
          {!blocked && <QuoteTotals quote={quote} loading={priced.loading} failed={priced.failed} />}
          {(formError || blocked) && (
            <div className="flex flex-col gap-2">
              <FieldMessage alert>{formError ?? cartCopy.fixFirst}</FieldMessage>
              <Link to={paths.cart.getHref()} className="link">
                {copy.fixInCart}
              </Link>
            </div>
          )}
          {/* Placed only with the totals of the form as it is, so the total sent as seen is the one on screen. */}
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting || blocked || cart.isLoading || priced.loading} aria-busy={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {copy.submit}
          </button>
        </form>
      </FormProvider>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:py-12">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        <Link to={paths.cart.getHref()} className="link">
          {copy.backToCart}
        </Link>
      </div>
      {children}
    </div>
  );
}
