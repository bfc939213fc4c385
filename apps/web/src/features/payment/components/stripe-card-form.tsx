import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import type { BillingDetails } from '@/api/payments/confirm-test-payment';
import { formatPrice } from '@/utils/format';
import { paymentCopy } from '../copy';

const copy = paymentCopy.card;
const ERROR_ID = 'card-error';
const LABEL_ID = 'card-element-label';

// One Stripe.js per publishable key for the life of the page, as Stripe asks.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string): Promise<Stripe | null> => {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    // A script that could not be loaded (offline, blocked) is shown as such, not thrown.
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
};

export interface StripeCardFormProps {
  publishableKey: string;
  /** The payment's client secret; Pay stays disabled until it has arrived. */
  clientSecret: string | null;
  /** SPEC section 7: the billing name is the part's name, with the buyer's email. */
  billingDetails: BillingDetails;
  /** Called with the payment intent's id once Stripe reports the payment succeeded. */
  onSucceeded: (paymentIntentId: string) => Promise<void>;
  /** What the payment comes to, in dollars: Pay says it. */
  amountDue: number;
}

/**
 * The card form in Stripe mode: Stripe Elements' card field, so card data goes from the
 * customer's browser to Stripe and never through the shop. Loaded only in Stripe mode.
 */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);

  useEffect(() => {
    let current = true;
    void stripeFor(publishableKey).then((loaded) => {
      if (current) setStripe(loaded);
    });
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (stripe === null) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {copy.providerFailed}
      </p>
    );
  }
  return (
    // Elements takes its Stripe once; it is created when Stripe.js has arrived.
    <Elements stripe={stripe ?? null} key={stripe ? 'ready' : 'loading'}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, billingDetails, onSucceeded, amountDue }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  // SPEC section 4: Pay waits for the payment client and the client secret.
  const ready = stripe !== null && elements !== null && cardReady && clientSecret !== null;

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || submitting) return;
    setSubmitting(true);
    setMessage(undefined);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billingDetails.name, email: billingDetails.email } },
      });
      if (result.error) {
        setMessage(result.error.message ?? copy.failed);
        return;
      }
      if (result.paymentIntent.status === 'succeeded') await onSucceeded(result.paymentIntent.id);
      else setMessage(copy.failed);
    } catch {
      setMessage(copy.failed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void pay(event)} aria-labelledby="card-form-heading" className="flex flex-col gap-4">
      <h2 id="card-form-heading" className="text-xl font-bold">
        {copy.heading}
      </h2>
      <div role="group" aria-labelledby={LABEL_ID} aria-describedby={message ? ERROR_ID : undefined} className="flex flex-col gap-1.5">
        <span id={LABEL_ID} className="font-medium">
          {copy.card}
        </span>
        <div className="input h-auto w-full py-3">
          <CardElement
            className="w-full"
            options={{ style: { base: { fontSize: '16px' } } }}
            onReady={() => setCardReady(true)}
            // Stripe checks the card as it is typed; its words go under the form.
            onChange={(event) => setMessage(event.error?.message)}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={!ready || submitting} aria-busy={!ready || submitting}>
        {(!ready || submitting) && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.pay(formatPrice(amountDue))}
      </button>
      <p id={ERROR_ID} role="alert" className="min-h-5 text-sm font-medium text-red-700">
        {message}
      </p>
    </form>
  );
}
