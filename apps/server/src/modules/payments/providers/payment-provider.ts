import { SHOP_CURRENCY } from '@shop/shared';

export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The id of the purchase the intent was created for (its metadata): a one-part order's, or a checkout's. */
  paysFor: string | null;
}

/** A refund as the provider answers it: done (or on its way to the card), or declined with its reason. */
export interface ProviderRefund {
  id: string;
  status: 'succeeded' | 'failed';
  failureReason: string | null;
}

/** A refund a `charge.refunded` event lists: its amount, and the order and ledger row its metadata names, if it was ours. */
export interface RefundedLine {
  id: string;
  status: string;
  amountCents: number;
  orderId: string | null;
  refundId: string | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  intent: { id: string } | null;
  /** For `charge.refunded`: the charge's intent, whether all of it is refunded, and its refunds. */
  refunds: { intentId: string; whole: boolean; lines: RefundedLine[] } | null;
  /** For `refund.failed`: a refund accepted before that the bank sent back, the order it names and why. */
  failedRefund: { id: string; orderId: string | null; reason: string } | null;
}

/** The refund's metadata, naming the order whose amount it gives back and the shop's ledger row of it. */
export const refundMetadata = (orderId: string, refundId: string): Record<string, string> => ({ orderId, refundId });

/** A card payment provider: Stripe, or the built-in test mode with the same life cycle. */
export interface PaymentProvider {
  readonly mode: 'test' | 'stripe';
  readonly publishableKey: string | null;
  /** An intent for what it pays, named in its metadata as `orderId` or `checkoutId`. */
  createIntent(input: { paysFor: PaidPurchase; amountCents: number; currency: string; idempotencyKey: string }): Promise<ProviderIntent>;
  /** The provider's own view of an intent; null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an unpaid intent; answers the status it ends in (succeeded when it was paid first). */
  cancelIntent(id: string): Promise<IntentStatus | null>;
  /**
   * Gives back part or all of a succeeded payment, once per idempotency key (a repeat answers
   * the first refund). A refund the provider declines answers 'failed' with its reason.
   */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string; orderId: string; refundId: string }): Promise<ProviderRefund>;
  /** Verifies the signature over the raw body and answers the event; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The shop's currency as the payment providers write it. */
export const PAYMENT_CURRENCY = SHOP_CURRENCY.toLowerCase();

/** What an intent pays: a purchase, by its id, and whether it is a checkout (named so in the metadata) or a one-part order. */
export interface PaidPurchase {
  id: string;
  checkout: boolean;
}

/** The metadata naming what an intent pays, as the shop owner reads it in the provider's dashboard. */
export const paysForMetadata = ({ id, checkout }: PaidPurchase): Record<string, string> => (checkout ? { checkoutId: id } : { orderId: id });

/** The id an intent's metadata names. */
export const paysForOf = (metadata: Record<string, string> | null | undefined): string | null => metadata?.orderId ?? metadata?.checkoutId ?? null;
