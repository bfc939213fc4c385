import type { Quote, QuoteRequest } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /quote: every amount of a purchase before it is placed; without `lines` and with a bearer, the server cart's. */
export const getQuote = (request: QuoteRequest, { signal }: { signal?: AbortSignal } = {}) => api.post<Quote>('/quote', { body: request, signal });

/** `cartLines` names the server cart's lines when none are sent: a change of the cart asks again. */
export const quoteQuery = (request: QuoteRequest, cartLines?: string) =>
  queryOptions({
    queryKey: queryKeys.quote(request, cartLines),
    // The signal lets the query cancel a request the form has moved past: one in flight per change.
    queryFn: ({ signal }) => getQuote(request, { signal }),
    // An answer the shop refused (a field error) is not asked again until the form changes.
    retry: false,
    // The last answer stays on screen while the next loads, so the totals never blink empty.
    placeholderData: keepPreviousData,
  });

/** The quote of `request`; nothing is asked while it is null (the form cannot be priced yet). */
export const useQuote = (request: QuoteRequest | null, cartLines?: string) => useQuery({ ...quoteQuery(request ?? { country: '' }, cartLines), enabled: request !== null });
