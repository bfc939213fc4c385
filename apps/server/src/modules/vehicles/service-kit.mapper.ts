import { centsToDollars, type ServiceKit, type ServiceKitLine } from '@shop/shared';
import type { ServiceKitRepository } from './service-kit.repository.js';

type KitRow = NonNullable<Awaited<ReturnType<ServiceKitRepository['read']>>>;
export type KitLineRow = KitRow['lines'][number];
type Alternative = NonNullable<ServiceKitLine['alternative']>;

/** Whether the shop holds enough of a line's part for the kit. */
export const lineInStock = (line: KitLineRow): boolean => line.name !== null && Number(line.stock) >= line.quantity;

/**
 * Database rows -> the API's kit. A deleted part's line keeps its name, with no part, no price
 * and not in stock; the total counts only the lines whose part exists, in cents, then dollars.
 */
export function toServiceKit(kit: KitRow, alternatives: ReadonlyMap<number, Alternative>): ServiceKit {
  let totalCents = 0;
  const lines = kit.lines.map((line, index): ServiceKitLine => {
    const alternative = alternatives.get(index);
    const base = { name: line.name ?? line.kept_name, quantity: line.quantity, note: line.note, ...(alternative ? { alternative } : {}) };
    if (line.product_id === null || line.name === null || line.price_cents === null) return { ...base, productId: null, price: null, inStock: false };
    totalCents += Number(line.price_cents) * line.quantity;
    return { ...base, productId: line.product_id, price: centsToDollars(Number(line.price_cents)), inStock: lineInStock(line), minimum: Number(line.minimum), img: line.img, available: Number(line.stock) };
  });
  return { intervalKm: kit.interval_km, intervalMonths: kit.interval_months, lines, total: centsToDollars(totalCents) };
}
