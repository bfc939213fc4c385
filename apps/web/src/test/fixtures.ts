import type { AdminUser, Order, Product, Purchase, Review, User } from '@shop/shared';
import type { Session, SessionUser } from '@/lib/session';

let sequence = 0;
const nextId = (): string => (++sequence).toString(16).padStart(24, '0');

export const buildProduct = (overrides: Partial<Product> = {}): Product => ({
  _id: nextId(),
  name: 'Brake Pad Set',
  decreption: 'Sintered front brake pads for 125-300 cc bikes.',
  price: 12.99,
  quantity: 40,
  minimum: 4,
  img: '/images/brake-pads.webp',
  category: 'Brakes',
  brand: 'Ferodo',
  partNumber: 'FDB2012P',
  oemNumbers: [],
  ...overrides,
});

export const buildReview = (overrides: Partial<Review> = {}): Review => ({
  _id: nextId(),
  img: '/images/avatar.webp',
  name: 'sam rider',
  review: 'fast delivery and the parts fit.',
  ratings: '5',
  ...overrides,
});

export const buildUser = (overrides: Partial<User> = {}): User => ({
  _id: nextId(),
  name: 'Sam Rider',
  email: 'sam@example.com',
  role: 'user',
  img: null,
  phone: null,
  ...overrides,
});

/** A user as the admin's list answers them. */
export const buildAdminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  ...buildUser(),
  emailConfirmed: true,
  orders: 0,
  joined: '2026-03-14T09:30:00.000Z',
  workshop: false,
  tradeDiscount: 0,
  ...overrides,
});

export const buildSession = (user: Partial<SessionUser> = {}): Session => ({
  session: { expiresAt: '2099-01-01T00:00:00.000Z' },
  user: { id: nextId(), name: 'Sam Rider', email: 'sam@example.com', role: 'user', image: null, phone: null, ...user },
});

let orderNumber = 10000;
export const buildOrder = (overrides: Partial<Order> = {}): Order => {
  const _id = overrides._id ?? nextId();
  const number = ++orderNumber;
  return {
    _id,
    number,
    productId: nextId(),
    name: 'Sam Rider',
    email: 'sam@example.com',
    toolName: 'Brake Pad Set',
    toolPrice: 12.99,
    quantity: 4,
    total: 51.96,
    // A one-part purchase with nothing else charged, unless a test says what it cost.
    purchaseTotal: overrides.total ?? 51.96,
    location: '12 Harbour Road, Chattogram',
    phone: '+880 1700 000000',
    paid: false,
    shift: false,
    status: 'waiting',
    transactionId: null,
    checkoutId: null,
    // A one-part purchase is its order's own; a checkout's lines share the checkout's.
    purchaseId: overrides.checkoutId ?? _id,
    // A one-part purchase is named by its order's number; a checkout's lines pass their first's.
    purchaseNumber: overrides.number ?? number,
    carrier: null,
    trackingNumber: null,
    refundFailure: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    holdUntil: null,
    arrivesFrom: null,
    arrivesTo: null,
    shippingDaysMax: null,
    ...overrides,
  };
};

/** A purchase as the shop answers it, from its lines: their buyer and delivery, its total theirs, nothing else charged. */
export const buildPurchase = (lines: Order[], overrides: Partial<Purchase> = {}): Purchase => {
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  const status = overrides.status ?? 'paid';
  return {
    _id: lines[0]!.purchaseId,
    number: lines[0]!.purchaseNumber,
    status,
    total,
    createdAt: lines[0]!.createdAt,
    paidAt: status === 'paid' ? lines[0]!.createdAt : null,
    customerName: lines[0]!.name,
    email: lines[0]!.email,
    location: lines[0]!.location,
    phone: lines[0]!.phone,
    subtotal: total,
    discount: 0,
    shipping: 0,
    tax: 0,
    pricesIncludeTax: false,
    country: 'US',
    region: null,
    postcode: null,
    shippingMethod: 'Collect from the shop',
    arrivesFrom: null,
    arrivesTo: null,
    shippingDaysMax: null,
    discountCode: null,
    taxName: null,
    lines,
    ...overrides,
  };
};

