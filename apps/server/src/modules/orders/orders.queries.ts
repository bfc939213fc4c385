import type { AllOrdersQuery } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.js';
import { holdsEveryWord } from '../../lib/text-match.js';
import { selectOrders } from './order-rows.js';

/** Which orders an admin's list or export shows. */
export type OrdersFilter = Pick<AllOrdersQuery, 'q' | 'status'>;

/** The admin's orders: the list, its count and the export, by status and words (or number). */
export function createOrdersQueries(db: Kysely<Database>) {
  /** The orders of one status and holding every word of `q` (or whose number it is), when given. */
  const filtered = ({ q, status }: OrdersFilter) =>
    selectOrders(db)
      .$if(status !== undefined, (query) => query.where('orders.status', '=', status!))
      .$if(Boolean(q), (query) =>
        query.where((eb) => {
          const text = holdsEveryWord(
            ['purchases.customer_name', 'purchases.email', 'orders.tool_name', 'purchases.phone', 'purchases.location', 'purchases.transaction_id'],
            q!,
          );
          const number = /^#?(\d{1,9})$/.exec(q!);
          return number ? eb.or([eb('orders.number', '=', Number(number[1])), text]) : text;
        }),
      );

  return {
    /** Every order, newest first, or a page of them; of one status and holding every word of `q` (or of its number) when given. */
    listAll({ page = 0, size, ...filter }: AllOrdersQuery = {}): Promise<OrderRow[]> {
      return filtered(filter)
        .orderBy('orders.number', 'desc')
        .$if(size !== undefined, (query) => query.limit(size!).offset(page * size!))
        .execute();
    },

    async countAll(filter: OrdersFilter): Promise<number> {
      const { count } = await filtered(filter)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The orders `listAll` finds, newest first, `batch` at a time (each batch after the last one's number): for exports of any size. */
    async *batches(filter: OrdersFilter, batch = 1000): AsyncGenerator<OrderRow[]> {
      let before: number | undefined;
      for (;;) {
        const rows = await filtered(filter)
          .$if(before !== undefined, (query) => query.where('orders.number', '<', before!))
          .orderBy('orders.number', 'desc')
          .limit(batch)
          .execute();
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
        before = rows.at(-1)!.number;
      }
    },
  };
}
