import { centsToDollars, type Discount, type DiscountValues } from '@shop/shared';
import type { DiscountColumns, DiscountRow } from './discounts.repository.js';

/** A percent is stored in basis points (10 % is 1000) and an amount in cents: both whole numbers. */
const STORED_PER_UNIT = 100;

/** SQLite answers 0 and 1 for a boolean column; both databases take 0 and 1. */
const flag = (value: boolean | number): boolean => Boolean(value);
const bit = (value: boolean): number => (value ? 1 : 0);

/** A stored discount -> the admin's wire shape (money in dollars, percent as a percent). */
export const toDiscount = (row: DiscountRow): Discount => ({
  _id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value / STORED_PER_UNIT,
  minSubtotal: centsToDollars(Number(row.min_subtotal_cents)),
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  usesTotal: row.uses_total,
  used: row.used_count,
  oncePerCustomer: flag(row.once_per_customer),
  categoryId: row.category_id,
  appliesToDelivery: flag(row.applies_to_delivery),
  active: flag(row.active),
});

/** The admin's checked values -> the row's columns. */
export const toDiscountColumns = (values: DiscountValues): DiscountColumns => ({
  code: values.code,
  kind: values.kind,
  value: Math.round(values.value * STORED_PER_UNIT),
  min_subtotal_cents: Math.round(values.minSubtotal * 100),
  starts_on: values.startsOn,
  ends_on: values.endsOn,
  uses_total: values.usesTotal,
  once_per_customer: bit(values.oncePerCustomer),
  category_id: values.categoryId,
  applies_to_delivery: bit(values.appliesToDelivery),
  active: bit(values.active),
});

/** A stored discount as the admin would write it again: what a change is laid over. */
export const toDiscountInput = (row: DiscountRow): DiscountValues => {
  const { _id: _ignored, used: _used, ...values } = toDiscount(row);
  return values;
};
