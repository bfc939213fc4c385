import {
  centsToDollars,
  daysInRange,
  eachDay,
  LOW_STOCK_DAYS,
  ORDER_STATUSES,
  SALES_LIST_SIZE,
  type SalesBestSellers,
  type SalesLowStock,
  type SalesQuery,
  type SalesRevenue,
  type SalesStatuses,
} from '@shop/shared';
import type { SalesRepository } from './sales.repository.js';

/**
 * The sales page (SPEC-2 section 6): for a range of UTC days, what the shop took each day
 * (payments on the day they were made, less the refunds made that day: after discounts, without
 * tax, the tax apart; issue 33), the orders placed by
 * status, the best-selling parts and the parts running low.
 */
export function createSalesService({ repository }: { repository: SalesRepository }) {
  return {
    async revenue(range: SalesQuery): Promise<SalesRevenue> {
      const recorded = new Map((await repository.days(range)).map((row) => [row.day, row]));
      const days = eachDay(range.from, range.to).map((day) => {
        const row = recorded.get(day);
        const figures = {
          paidOrders: row?.paidOrders ?? 0,
          paidCents: row?.paidCents ?? 0,
          refundedOrders: row?.refundedOrders ?? 0,
          refundedCents: row?.refundedCents ?? 0,
          taxCents: row?.taxCents ?? 0,
        };
        return { day, ...figures };
      });
      const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0);
      const totals = {
        paidOrders: sum((d) => d.paidOrders),
        paidCents: sum((d) => d.paidCents),
        refundedOrders: sum((d) => d.refundedOrders),
        refundedCents: sum((d) => d.refundedCents),
        taxCents: sum((d) => d.taxCents),
      };
      return { ...range, days: days.map((day) => ({ day: day.day, ...inDollars(day) })), totals: inDollars(totals) };
    },

    async statuses(range: SalesQuery): Promise<SalesStatuses> {
      const counts = await repository.statuses(range);
      return { ...range, statuses: ORDER_STATUSES.map((status) => ({ status, orders: counts.get(status) ?? 0 })) };
    },

    async bestSellers(range: SalesQuery): Promise<SalesBestSellers> {
      const parts = await repository.bestSellers({ ...range, today: today() }, SALES_LIST_SIZE);
      return { ...range, parts: parts.map(({ cents, ...part }) => ({ ...part, revenue: centsToDollars(cents) })) };
    },

    async lowStock(range: SalesQuery): Promise<SalesLowStock> {
      return { ...range, parts: await repository.lowStock({ ...range, today: today(), days: daysInRange(range.from, range.to) }, LOW_STOCK_DAYS, SALES_LIST_SIZE) };
    },
  };
}
export type SalesService = ReturnType<typeof createSalesService>;

/** Today in UTC, the days the books are kept in. */
const today = (): string => new Date().toISOString().slice(0, 10);

function inDollars(figures: { paidOrders: number; paidCents: number; refundedOrders: number; refundedCents: number; taxCents: number }) {
  return {
    paidOrders: figures.paidOrders,
    paid: centsToDollars(figures.paidCents),
    refundedOrders: figures.refundedOrders,
    refunded: centsToDollars(figures.refundedCents),
    net: centsToDollars(figures.paidCents - figures.refundedCents),
    tax: centsToDollars(figures.taxCents),
  };
}
