import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TestCard {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export interface BillingDetails {
  name: string;
  email: string;
}

export interface ConfirmedIntent {
  id: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  amount: number;
  currency: string;
}

/**
 * POST /payments/test/confirm: test mode's stand-in for the card provider's confirmation.
 * 402 when the card is declined, 422 (with card.* field errors) for a card it does not take.
 */
export const confirmTestPayment = (input: { clientSecret: string; card: TestCard; billingDetails: BillingDetails }) =>
  api.post<ConfirmedIntent>('/payments/test/confirm', { body: input });

export const useConfirmTestPayment = () => useMutation({ mutationFn: confirmTestPayment });
