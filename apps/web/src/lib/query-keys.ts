/**
 * Every query key of the app. Keys start with their resource's root, so invalidating a root
 * refreshes every view of that resource (an order changes the stock every product view shows)
 * without the features knowing each other. The values are part of the cache's behaviour: SPEC
 * section 7 names 'getreviews', and equal keys share one cached answer (one product on the
 * purchase and update pages, a catalogue page of the same size wherever it is shown).
 */
const products = ['products'] as const;
const orders = ['orders'] as const;
const reviews = ['getreviews'] as const;
const payments = ['payments'] as const;
const contactMessages = ['contact-messages'] as const;
const vehicles = ['vehicles'] as const;

/** A rider's bike on the catalogue's calls (`vehicle`, `year`, `show`: every part, or those without fitment data), or none. */
export type BikeQuery = { vehicle: string; year: number; show?: 'all' | 'unconfirmed' } | null;

export const queryKeys = {
  products: {
    all: products,
    page: ({ page, size, bike = null }: { page: number; size: number; bike?: BikeQuery }) =>
      bike ? ([...products, { page, size }, bike] as const) : ([...products, { page, size }] as const),
    detail: (id: string) => [...products, 'detail', id] as const,
    /** Under the products' root: the admin's fitment changes show with every other catalogue change. */
    fitment: (id: string) => [...products, 'fitment', id] as const,
    /** Under the products' root: a search answer shows stock and prices. */
    search: (params: Record<string, string>) => [...products, 'search', params] as const,
    /** Outside the root: an order changes stock, never how many products there are. */
    count: ['productCount'] as const,
    /** A bike's count moves with fitment, a catalogue change: under the products' root. */
    bikeCount: (bike: NonNullable<BikeQuery>) => [...products, 'count', bike] as const,
    /** Manage Products sorted or filtered, and how many parts a filter keeps: catalogue views, under the root. */
    admin: (listing: { page: number; size: number; sort?: string | undefined; filter?: string | undefined }) => [...products, 'admin', listing] as const,
    adminCount: (filter: string) => [...products, 'admin-count', filter] as const,
    /** A page of a part's stock movements (SPEC-3 section 7): under the root, as every order, refund and edit moves stock. */
    stockHistory: (id: string, page: number) => [...products, 'stock-history', id, page] as const,
  },
  vehicles: {
    all: vehicles,
    makes: [...vehicles, 'makes'] as const,
    models: (make: string) => [...vehicles, 'models', make] as const,
    years: (make: string, model: string) => [...vehicles, 'years', make, model] as const,
    list: (filter: { make?: string; model?: string; year?: number }) => [...vehicles, 'list', filter] as const,
    /** A vehicle's service kit: its lines' prices and stock are the catalogue's, so a part's change refreshes it with the vehicles. */
    serviceKit: (vehicleId: string) => [...vehicles, 'service-kit', vehicleId] as const,
  },
  /** The signed-in rider's bikes. */
  garage: ['garage'] as const,
  /** The signed-in customer's saved addresses. */
  addresses: ['addresses'] as const,
  /** The signed-in customer's cart: its lines say the stock and prices of now. */
  cart: ['cart'] as const,
  /**
   * A purchase's totals before it is placed, by what is priced (a server cart's by its lines).
   * Outside the cart's root: a checkout empties the cart, and its quote is not asked again then.
   */
  quote: (request: object, cartLines: string | undefined) => ['quote', request, cartLines ?? null] as const,
  /** 'Notify me': the signed-in customer's alert on a part, and how many wait per part (admin). */
  stockAlerts: {
    part: (productId: string) => ['stockAlerts', 'part', productId] as const,
    counts: ['stockAlerts', 'counts'] as const,
  },
  orders: {
    all: orders,
    /** A page of every customer's orders (admin): of one status, those the admin's search finds. */
    every: (filter: { q: string; status: string | undefined; page: number; size: number }) => [...orders, 'all', filter] as const,
    /** How many orders the admin's filter finds. */
    count: (filter: { q: string; status: string | undefined }) => [...orders, 'count', filter] as const,
    customer: (email: string) => [...orders, 'customer', email] as const,
    /** A sales call's figures for a range of days: under the orders, as every order change moves them. */
    sales: (call: string, range: { from: string; to: string }) => [...orders, 'sales', call, range] as const,
    detail: (id: string) => [...orders, 'detail', id] as const,
    /** A purchase with every line: under the orders, as every change of a line changes it. */
    purchase: (id: string) => [...orders, 'purchase', id] as const,
    /** A page of returns (admin): under the orders, as a return's step changes the customer's lines and a refund the sales. */
    returns: (filter: { status: string | undefined; q: string; page: number }) => [...orders, 'returns', filter] as const,
  },
  reviews: {
    all: reviews,
    latest: (latest: number) => [...reviews, { latest }] as const,
    page: ({ page, size, q }: { page: number; size: number; q: string }) => [...reviews, 'page', { page, size, q }] as const,
    product: (productId: string) => [...reviews, 'product', productId] as const,
  },
  users: {
    /** Every account (admin). */
    all: ['users'] as const,
    /** The accounts the admin's search finds (all of them for ''). */
    list: (q: string) => ['users', { q }] as const,
    profile: (email: string) => ['user', email] as const,
    adminStatus: (email: string) => ['admin', email] as const,
  },
  /** Outside the products' root: an order changes stock, never how many parts a category holds. */
  categories: ['categories'] as const,
  /** The admin's discount codes: nothing else shows them. */
  discounts: ['discounts'] as const,
  contactMessages: {
    all: contactMessages,
    page: ({ page, size }: { page: number; size: number }) => [...contactMessages, 'page', { page, size }] as const,
    unread: [...contactMessages, 'unread'] as const,
  },
  payments: {
    config: [...payments, 'config'] as const,
    /** The intent of an order, or of a checkout's orders together: ids never collide. */
    intent: (orderOrCheckoutId: string) => [...payments, 'intent', orderOrCheckoutId] as const,
  },
  /**
   * The shop's settings: the public part every page reads, and every field (admin). Under one
   * root, so the admin's save refreshes both.
   */
  settings: {
    all: ['settings'] as const,
    public: ['settings', 'public'] as const,
    admin: ['settings', 'admin'] as const,
  },
  /**
   * Delivery methods: the admin's list, and those serving a country with their arrival. Under one
   * root, so the admin's change refreshes both.
   */
  shipping: {
    all: ['shipping-methods'] as const,
    admin: ['shipping-methods', 'admin'] as const,
    country: (country: string) => ['shipping-methods', 'country', country] as const,
  },
  /** A page of the activity log (admin) for its filters: a root of its own, as every change anywhere adds to it (the page asks afresh each time it opens). */
  activity: (filter: { person: string; action: string; from: string; to: string; q: string; page: number }) => ['activity', filter] as const,
  /** The shop's tax rates (admin). */
  taxRates: ['tax-rates'] as const,
  session: ['session'] as const,
  /** What the signed-in account's owner controls (whether it has a password): under the session, which a sign-in or deletion clears. */
  account: ['session', 'account'] as const,
  authProviders: ['auth-providers'] as const,
};
