import type { Quote, QuoteRequest } from '@shop/shared';
import { useEffect, useMemo, useState } from 'react';
import { useQuote } from '@/api/quote/get-quote';
import { isApiError } from '@/lib/api-client';

/** How long the form rests before it is priced again: one request per change, not per keystroke. */
const SETTLE_MS = 300;

export interface QuoteInputs {
  /** The lines to price; undefined prices the signed-in customer's server cart; null: nothing can be priced yet. */
  lines?: QuoteRequest['lines'] | null;
  /** The server cart's lines as the page shows them, when it is the cart that is priced: a change asks again. */
  cartLines?: ReadonlyArray<{ productId: string; quantity: number }>;
  country: string;
  region?: string;
  postcode?: string;
  shippingMethodId?: string;
  discountCode?: string | null;
}

/** The request as the shop takes it: empty fields left out, since a half-filled form is priced without them. */
function requestOf({ lines, country, region, postcode, shippingMethodId, discountCode }: QuoteInputs): QuoteRequest | null {
  if (lines === null || !country) return null;
  return {
    country,
    ...(lines ? { lines } : {}),
    ...(region ? { region } : {}),
    ...(postcode?.trim() ? { postcode: postcode.trim() } : {}),
    ...(shippingMethodId ? { shippingMethodId } : {}),
    ...(discountCode ? { discountCode } : {}),
  };
}

export interface PurchaseQuote {
  quote: Quote | undefined;
  /** The shop's message for a field of the request ('postcode', 'region', 'country', 'shippingMethodId', 'lines'). */
  errorFor: (field: string) => string | undefined;
  /** A refusal that names no field the page shows (e.g. the shop could not be reached). */
  failed: boolean;
  loading: boolean;
  /** Whether the quote shown is the one of the form as it is now. */
  current: boolean;
}

/**
 * The quote of the purchase as the form stands, asked once the form rests; the previous answer
 * stays while the next one loads. `current` is whether the quote shown is the one of the form as
 * it is now: the total placed as `expectedTotal` must be one the customer saw for these values.
 */
export function usePurchaseQuote(inputs: QuoteInputs): PurchaseQuote {
  const cart = inputs.lines === undefined && inputs.cartLines ? inputs.cartLines.map((line) => `${line.productId}x${line.quantity}`).join(',') : undefined;
  const key = JSON.stringify([requestOf(inputs), cart ?? null]);
  const [settledKey, setSettledKey] = useState(key);
  useEffect(() => {
    if (key === settledKey) return;
    const timer = setTimeout(() => setSettledKey(key), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, settledKey]);
  const [request, cartLines] = useMemo(() => JSON.parse(settledKey) as [QuoteRequest | null, string | null], [settledKey]);
  const query = useQuote(request, cartLines ?? undefined);
  const quote = request === null ? undefined : query.data;
  const fieldErrors = query.isError && isApiError(query.error) ? (query.error.fieldErrors ?? {}) : {};
  const current = request !== null && key === settledKey && query.isSuccess && !query.isPlaceholderData && !query.isFetching;
  return {
    quote,
    errorFor: (field) => fieldErrors[field]?.[0],
    failed: query.isError && (!isApiError(query.error) || !query.error.fieldErrors),
    loading: key !== settledKey || query.isFetching,
    current,
  };
}
