import type { clientSecretAnswerSchema } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What is paid: SPEC's order with the price its call sends, or a checkout's orders together. */
export type PaymentFor = { orderId: string; price: number } | { checkoutId: string };

/**
 * POST /create-payment-intent: the client secret of the payment. The shop keeps one intent per
 * order or checkout and charges its own total, whatever `price` says; SPEC's call sends it.
 */
export const createPaymentIntent = ({ signal, ...paying }: PaymentFor & { signal?: AbortSignal }) =>
  api.post<z.infer<typeof clientSecretAnswerSchema>>('/create-payment-intent', { body: paying, signal });

/**
 * Read as a query although it is a POST: asking again answers the same intent, and the form
 * needs the secret as soon as it is shown.
 */
export const getPaymentIntentQueryOptions = (paying: PaymentFor) =>
  queryOptions({
    queryKey: queryKeys.payments.intent('checkoutId' in paying ? paying.checkoutId : paying.orderId),
    queryFn: ({ signal }) => createPaymentIntent({ ...paying, signal }),
    staleTime: Infinity,
  });

export const usePaymentIntent = (paying: PaymentFor) => useQuery(getPaymentIntentQueryOptions(paying));
