export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The order the intent was created for (its metadata). */
  orderId: string | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  intent: { id: string; orderId: string | null } | null;
}

/** A card payment provider: Stripe, or the built-in test mode with the same life cycle. */
export interface PaymentProvider {
  readonly mode: 'test' | 'stripe';
  readonly publishableKey: string | null;
  createIntent(input: { orderId: string; amountCents: number; currency: string; idempotencyKey: string }): Promise<ProviderIntent>;
  /** The provider's own view of an intent; null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an unpaid intent; answers the status it ends in (succeeded when it was paid first). */
  cancelIntent(id: string): Promise<IntentStatus | null>;
  /** Verifies the signature over the raw body and answers the event; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export const PAYMENT_CURRENCY = 'usd';
