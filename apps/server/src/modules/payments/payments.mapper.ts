import type { PaymentConfig } from '@shop/shared';
import type { PaymentProvider, ProviderIntent } from './providers/payment-provider.js';

/** The provider the payment page talks to. */
export const toPaymentConfig = (provider: PaymentProvider): PaymentConfig => ({ mode: provider.mode, publishableKey: provider.publishableKey });

/** A provider's intent as the test-mode card form gets it back (Stripe's field names). */
export const toPaymentIntentAnswer = (intent: ProviderIntent) => ({
  id: intent.id,
  status: intent.status,
  amount: intent.amountCents,
  currency: intent.currency,
});
