import type Stripe from 'stripe';
import { type WebhookEvent, WebhookSignatureError } from './payment-provider.js';

/** Events older than this are refused (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Clocks differ a little; an event dated further ahead than this was not sent now. */
export const WEBHOOK_FUTURE_SKEW_SECONDS = 300;

/**
 * The signed time of a `Stripe-Signature` header, read as the SDK reads it (the last `t=`):
 * the signature covers exactly this value.
 */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [name, value] = item.split('=');
    if (name === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/**
 * Verifies a Stripe-signed event over the raw body and answers it. The SDK refuses events
 * dated too far in the past only; one dated in the future (a signature made ahead of time
 * to be replayed later) is refused here.
 */
export function verifyStripeSignedEvent(signer: Stripe, rawBody: Buffer, signature: string | undefined, secret: string, now = Date.now()): WebhookEvent {
  let event: Stripe.Event;
  try {
    event = signer.webhooks.constructEvent(rawBody, signature ?? '', secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
  const timestamp = signedAt(signature ?? '');
  if (!Number.isFinite(timestamp) || timestamp - Math.floor(now / 1000) > WEBHOOK_FUTURE_SKEW_SECONDS) {
    throw new WebhookSignatureError('Timestamp is in the future');
  }
  const object = event.data.object as { object?: string; id?: string };
  return {
    id: event.id,
    type: event.type,
    intent: object.object === 'payment_intent' && object.id ? { id: object.id } : null,
    refunds: object.object === 'charge' ? refundsOf(event.data.object as Stripe.Charge) : null,
    failedRefund: object.object === 'refund' && event.type === 'refund.failed' ? failedRefundOf(event.data.object as Stripe.Refund) : null,
  };
}

/** A refund Stripe could not make after all, as its `refund.failed` event carries it. */
function failedRefundOf(refund: Stripe.Refund): WebhookEvent['failedRefund'] {
  return { id: refund.id, orderId: refund.metadata?.orderId ?? null, reason: refund.failure_reason ?? 'unknown' };
}

/** A charge's refunds as a `charge.refunded` event carries them (Stripe lists the latest ones). */
function refundsOf(charge: Stripe.Charge): WebhookEvent['refunds'] {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return null;
  return {
    intentId,
    whole: charge.refunded === true,
    lines: (charge.refunds?.data ?? []).map((refund) => ({
      id: refund.id,
      status: refund.status ?? '',
      amountCents: refund.amount,
      orderId: refund.metadata?.orderId ?? null,
      refundId: refund.metadata?.refundId ?? null,
    })),
  };
}
