import type { paymentIntentAnswerSchema, testCardConfirmSchema } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type TestCardConfirmation = z.input<typeof testCardConfirmSchema>;
export type TestCard = TestCardConfirmation['card'];
export type BillingDetails = NonNullable<TestCardConfirmation['billingDetails']>;

/**
 * POST /payments/test/confirm: test mode's stand-in for the card provider's confirmation.
 * 402 when the card is declined, 422 (with card.* field errors) for a card it does not take.
 */
export const confirmTestPayment = (input: TestCardConfirmation) =>
  api.post<z.infer<typeof paymentIntentAnswerSchema>>('/payments/test/confirm', { body: input });

export const useConfirmTestPayment = () => useMutation({ mutationFn: confirmTestPayment });
