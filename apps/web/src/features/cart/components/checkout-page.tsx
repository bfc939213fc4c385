import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutInputSchema, orderableTotal } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { usePlaceCheckout } from '@/api/cart/place-checkout';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useCart } from '@/stores/cart';
import { applyFieldErrors } from '@/lib/field-errors';
import { formatPrice } from '@/utils/format';
import { toast } from '@/lib/toast';
import { cartCopy } from '../copy';
import { lineProblem } from './cart-page';
import { useWaitingPurchase, WaitingPurchase } from './waiting-purchase';

const copy = cartCopy.checkoutPage;

type DeliveryInput = z.input<typeof checkoutInputSchema>;
type Delivery = z.output<typeof checkoutInputSchema>;

/** The shop's field names are the form's: a refusal of the address or phone lands under its field. */
const SERVER_FIELDS = { location: 'location', phone: 'phone' } as const;
const resolver = zodResolver(checkoutInputSchema);

/** /checkout: the buyer, where to deliver, the cart's lines and total, and 'Place Order' for all of them at once. */
export function CheckoutPage({ buyer }: { buyer: { name: string; email: string } }) {
  const cart = useCart();
  const navigate = useNavigate();
  const placeCheckout = usePlaceCheckout();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeliveryInput, unknown, Delivery>({ resolver, defaultValues: { location: '', phone: '' } });

  const submit = handleSubmit(async (delivery) => {
    setFormError(null);
    try {
      const { orderIds } = await placeCheckout.mutateAsync(delivery);
      toast.success(copy.ordered);
      // One card payment pays every line: the payment page of the checkout's first order.
      await navigate(paths.dashboard.payment.getHref(orderIds[0]!));
    } catch (error) {
      if (isApiError(error) && applyFieldErrors(error.fieldErrors, setError, SERVER_FIELDS)) return;
      // e.g. a part ran out since the cart was read: the message names it.
      setFormError(isApiError(error) ? error.message : copy.failed);
    }
  });

  // No total from a quantity the shop cannot sell: the lines say what to change.
  const total = orderableTotal(cart.lines);
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
        <p className="mt-4 flex justify-end border-t border-base-300 pt-4 text-xl font-bold" data-testid="checkout-total">
          {total === null ? cartCopy.totalHidden : cartCopy.total(total)}
        </p>
      </section>
    );
  }
  const blocked = total === null;

  return (
    <Frame>
      {lines}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6">
        <FormField id="checkout-name" label={copy.name} error={undefined}>
          {(props) => <input type="text" readOnly value={buyer.name} autoComplete="off" {...props} className={`${props.className} bg-base-200`} />}
        </FormField>
        <FormField id="checkout-email" label={copy.email} error={undefined}>
          {(props) => <input type="email" readOnly value={buyer.email} autoComplete="off" {...props} className={`${props.className} bg-base-200`} />}
        </FormField>
        <FormField id="checkout-location" label={copy.location} hint={copy.locationHint} error={errors.location?.message}>
          {(props) => <input type="text" autoComplete="street-address" {...props} {...register('location')} />}
        </FormField>
        <FormField id="checkout-phone" label={copy.phone} error={errors.phone?.message}>
          {(props) => <input type="tel" autoComplete="tel" {...props} {...register('phone')} />}
        </FormField>
        {(formError || blocked) && (
          <div className="flex flex-col gap-2">
            <FieldMessage alert>{formError ?? cartCopy.fixFirst}</FieldMessage>
            <Link to={paths.cart.getHref()} className="link">
              {copy.fixInCart}
            </Link>
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting || blocked || cart.isLoading} aria-busy={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.submit}
        </button>
      </form>
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
