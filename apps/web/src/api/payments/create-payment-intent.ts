import type { clientSecretAnswerSchema } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /create-payment-intent: the client secret of the order's payment. The shop keeps one
 * intent per order and charges the order's own total, whatever `price` says; SPEC's call sends it.
 */
export const createPaymentIntent = ({ orderId, price, signal }: { orderId: string; price: number; signal?: AbortSignal }) =>
  api.post<z.infer<typeof clientSecretAnswerSchema>>('/create-payment-intent', { body: { orderId, price }, signal });

/**
 * Read as a query although it is a POST: asking again answers the same intent, and the form
 * needs the secret as soon as it is shown.
 */
export const getPaymentIntentQueryOptions = ({ orderId, price }: { orderId: string; price: number }) =>
  queryOptions({
    queryKey: queryKeys.payments.intent(orderId),
    queryFn: ({ signal }) => createPaymentIntent({ orderId, price, signal }),
    staleTime: Infinity,
  });

export const usePaymentIntent = (order: { orderId: string; price: number }) => useQuery(getPaymentIntentQueryOptions(order));
