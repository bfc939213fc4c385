import { centsToDollars, formatOrderNumber } from '@shop/shared';
import type { GarageService } from '../garage/garage.plugin.js';
import type { AccountRepository } from './account.repository.js';

const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());
const flag = (value: boolean | number | null | undefined): boolean => value === true || value === 1;
const dollars = (cents: number | string | null | undefined): number | null => (cents === null || cents === undefined ? null : centsToDollars(Number(cents)));

/** A JSON array written an element at a time. */
async function* array<T>(items: AsyncIterable<T[]> | Iterable<T[]>, map: (item: T) => unknown): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of items) {
    for (const item of batch) {
      yield `${first ? '' : ','}\n${JSON.stringify(map(item))}`;
      first = false;
    }
  }
  yield first ? ']' : '\n]';
}

/**
 * 'Download my data' (SPEC-3 section 4): everything the shop holds of one account, read by its
 * id only, as one JSON document written piece by piece (the purchases a batch at a time), so a
 * long history never sits in memory as one string. Money in dollars, as the API answers it;
 * times in UTC. Never a password hash, a session or a token: those are the shop's, not data
 * about the person.
 */
export async function* exportDocument(repository: AccountRepository, userId: string, garage: Pick<GarageService, 'logsOf'>): AsyncGenerator<string> {
  const profile = await repository.profileOf(userId);
  if (!profile) {
    yield '{}';
    return;
  }
  const section = (name: string, first = false) => `${first ? '' : ','}\n${JSON.stringify(name)}: `;

  yield `{${section('exportedAt', true)}${JSON.stringify(new Date().toISOString())}`;
  yield `${section('profile')}${JSON.stringify({
    name: profile.name,
    email: profile.email,
    emailConfirmed: flag(profile.email_verified),
    phone: profile.phone,
    photo: profile.image,
    role: profile.role,
    joined: iso(profile.created_at),
  })}`;
  const methods = await repository.signInMethodsOf(userId);
  yield `${section('signInMethods')}${JSON.stringify(methods.map((method) => ({ method: method.provider_id === 'credential' ? 'email and password' : method.provider_id, since: iso(method.created_at) })))}`;

  yield section('addresses');
  yield* array([await repository.addressesOf(userId)], (address) => ({
    fullName: address.full_name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone,
    default: flag(address.is_default),
    saved: iso(address.created_at),
  }));

  yield section('garage');
  const garageLogs = await garage.logsOf(userId);
  yield* array([await repository.garageOf(userId)], (bike) => ({
    make: bike.make,
    model: bike.model,
    variant: bike.variant,
    year: bike.year,
    active: flag(bike.active),
    added: iso(bike.created_at),
    // Odometer readings and services, oldest first; days are YYYY-MM-DD in the shop's time zone.
    ...(garageLogs.get(bike.id) ?? { readings: [], services: [] }),
  }));

  yield section('cart');
  yield* array([await repository.cartOf(userId)], (line) => ({ productId: line.product_id, name: line.name, quantity: line.quantity, price: dollars(line.price_cents) }));

  yield section('orders');
  yield* array(repository.purchasesOf(userId), ({ purchase, lines }) => ({
    number: lines[0] ? formatOrderNumber(lines[0].number) : null,
    status: purchase.status,
    placed: iso(purchase.created_at),
    paid: iso(purchase.paid_at),
    cancelled: iso(purchase.cancelled_at),
    buyer: { name: purchase.customer_name, email: purchase.email, phone: purchase.phone },
    delivery: { address: purchase.location, postcode: purchase.postcode, region: purchase.region, country: purchase.country, method: purchase.shipping_method_name },
    subtotal: dollars(purchase.subtotal_cents),
    deliveryPrice: dollars(purchase.shipping_cents),
    discount: dollars(purchase.discount_cents),
    discountCode: purchase.discount_code,
    tax: dollars(purchase.tax_cents),
    total: dollars(purchase.total_cents),
    invoice: purchase.invoice_number,
    lines: lines.map((line) => ({
      number: formatOrderNumber(line.number),
      productId: line.product_id,
      part: line.tool_name,
      unitPrice: dollars(line.unit_price_cents),
      quantity: line.quantity,
      total: dollars(line.total_cents),
      discount: dollars(line.discount_cents),
      tax: dollars(line.tax_cents),
      status: line.status,
      paid: iso(line.paid_at),
      shipped: iso(line.shipped_at),
      carrier: line.carrier,
      trackingNumber: line.tracking_number,
      refunded: iso(line.refunded_at),
      cancelled: iso(line.cancelled_at),
    })),
  }));

  yield section('reviews');
  yield* array([await repository.reviewsOf(userId)], (review) => ({
    productId: review.product_id,
    orderId: review.order_id,
    name: review.name,
    review: review.review,
    ratings: review.ratings,
    photo: review.img,
    written: iso(review.created_at),
  }));

  yield section('returns');
  yield* array([await repository.returnsOf(userId)], (item) => ({
    orderId: item.order_id,
    productId: item.product_id,
    quantity: item.quantity,
    reason: item.reason,
    comment: item.comment,
    status: item.status,
    rejectReason: item.reject_reason,
    refunded: dollars(item.refund_cents),
    requested: iso(item.created_at),
    updated: iso(item.updated_at),
  }));

  yield section('stockAlerts');
  yield* array([await repository.stockAlertsOf(userId)], (alert) => ({ productId: alert.product_id, part: alert.name, since: iso(alert.created_at) }));
  yield '\n}\n';
}
