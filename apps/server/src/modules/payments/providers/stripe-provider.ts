import Stripe from 'stripe';
import { type IntentStatus, type PaymentProvider, type ProviderIntent, paysForMetadata, paysForOf, refundMetadata, type WebhookEvent } from './payment-provider.js';
import { verifyStripeSignedEvent } from './stripe-signature.js';

const FINAL_OR_PENDING: readonly IntentStatus[] = ['succeeded', 'processing', 'canceled'];

/** Stripe's other states (requires_action, requires_confirmation, …) all mean "not paid yet". */
const toStatus = (status: string): IntentStatus =>
  FINAL_OR_PENDING.find((known) => known === status) ?? 'requires_payment_method';

const toIntent = (intent: Stripe.PaymentIntent): ProviderIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  status: toStatus(intent.status),
  amountCents: intent.amount,
  currency: intent.currency,
  paysFor: paysForOf(intent.metadata),
});

/** Stripe through its official SDK; card data goes from Stripe Elements to Stripe, never through us. */
export function createStripeProvider(config: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl?: string;
}): PaymentProvider {
  const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(target
      ? { host: target.hostname, port: target.port || (target.protocol === 'https:' ? 443 : 80), protocol: target.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });

  return {
    mode: 'stripe',
    publishableKey: config.publishableKey,
    async createIntent({ paysFor, amountCents, currency, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, metadata: paysForMetadata(paysFor), automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async cancelIntent(id) {
      try {
        return toStatus((await stripe.paymentIntents.cancel(id)).status);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const current = await this.retrieveIntent(id);
          return current?.status ?? null;
        }
        throw error;
      }
    },
    async refund({ intentId, amountCents, idempotencyKey, orderId, refundId }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents, metadata: refundMetadata(orderId, refundId) }, { idempotencyKey });
        // 'pending' and 'requires_action' refunds are on their way to the customer; 'failed' and
        // 'canceled' ones are not, and a later failure arrives as a `refund.failed` event.
        const failed = refund.status === 'failed' || refund.status === 'canceled';
        return { id: refund.id, status: failed ? 'failed' : 'succeeded', failureReason: failed ? (refund.failure_reason ?? refund.status ?? 'declined') : null };
      } catch (error) {
        // Stripe refuses a refund it cannot make (more than is left, a disputed charge) with a reason.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
          return { id: '', status: 'failed', failureReason: error.message };
        }
        throw error;
      }
    },
    verifyWebhook(rawBody, signature): WebhookEvent {
      return verifyStripeSignedEvent(stripe, rawBody, signature, config.webhookSecret);
    },
  };
}
