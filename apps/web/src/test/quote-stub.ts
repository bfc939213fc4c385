import type { Quote, QuoteRequest } from '@shop/shared';

const id = (n: number) => n.toString(16).padStart(24, '0');

/** The shop's demo methods as a US quote lists them: Standard, Express, and collecting (0 days). */
export const METHODS = {
  standard: { _id: id(901), name: 'Standard', price: 4.9, daysMin: 2, daysMax: 4, arrivesFrom: '2026-12-01', arrivesTo: '2026-12-03' },
  express: { _id: id(902), name: 'Express', price: 12.9, daysMin: 1, daysMax: 1, arrivesFrom: '2026-11-30', arrivesTo: '2026-11-30' },
  collect: { _id: id(903), name: 'Collect from the shop', price: 0, daysMin: 0, daysMax: 0, arrivesFrom: '2026-11-27', arrivesTo: '2026-11-27' },
} as const;

/**
 * A quote as the shop answers one, with amounts no page could work out itself (each total ends
 * in .37), so a test sees the page shows the quote's numbers. 'SPRING10' takes $3.00 off;
 * any other code is 'This code is not valid'.
 */
export function quoteFor(request: QuoteRequest): Quote {
  const methods = Object.values(METHODS);
  const method = methods.find((each) => each._id === request.shippingMethodId) ?? METHODS.collect;
  const code = request.discountCode?.trim().toUpperCase();
  const discount = code === 'SPRING10' ? 3 : 0;
  const subtotal = 40;
  const tax = request.region === 'CA' ? 2.9 : 0;
  return {
    lines: [],
    subtotal,
    discount,
    shipping: method.price,
    tax,
    total: Math.round((subtotal - discount + method.price + tax + 0.37) * 100) / 100,
    taxLines: [],
    methods: methods.map(({ _id, name, price, arrivesFrom, arrivesTo, daysMax }) => ({ _id, name, price, arrivesFrom, arrivesTo, daysMax })),
    shippingMethodId: method._id,
    ...(code ? { discountMessage: discount ? 'Code SPRING10 applied' : 'This code is not valid' } : {}),
    discountCode: discount ? 'SPRING10' : null,
    pricesIncludeTax: false,
    dispatchBy: null,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The requests a test made to POST /quote, in order. */
export const quoteRequests = (calls: Array<Parameters<typeof fetch>>): QuoteRequest[] =>
  calls.filter(([input]) => String(input).endsWith('/quote')).map(([, init]) => JSON.parse(String(init?.body)) as QuoteRequest);

/**
 * Answers the calls the purchase page, checkout and cart make beside their own: the settings
 * (a US shop), the methods of a country, and the quote (by `quote`, `quoteFor` unless given);
 * null for any other call, which the test answers itself.
 */
export function answerDeliveryCalls(input: Parameters<typeof fetch>[0], init: RequestInit | undefined, quote: (request: QuoteRequest) => Response = (request) => json(quoteFor(request))): Response | null {
  const url = String(input);
  if (url.endsWith('/quote') && init?.method === 'POST') return quote(JSON.parse(String(init.body)) as QuoteRequest);
  if (url.endsWith('/settings')) return json({ shopName: 'Moto Parts', country: 'US', pricesIncludeTax: false, cutoff: '14:00', timeZone: 'America/New_York', returnWindowDays: 30 });
  if (url.includes('/shipping-methods?')) return json(Object.values(METHODS).map((method) => ({ ...method, freeFrom: null, countries: ['US'], dispatchBy: null })));
  return null;
}
