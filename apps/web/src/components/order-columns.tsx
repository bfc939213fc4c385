import type { Order } from '@shop/shared';
import { formatDay, formatPrice } from '@/utils/format';
import { OrderState, type OrderStateLabels } from './order-state';
import type { DataTableColumn } from './ui/data-table';

export interface OrderColumnsCopy {
  columns: { placed: string; part: string; quantity: string; total: string; state: string };
  state: OrderStateLabels;
}

/** The columns every orders table shows: when it was placed, the part, how many, the total and where the order is. */
export function orderColumns(copy: OrderColumnsCopy, view: 'customer' | 'admin', partClassName: string): DataTableColumn<Order>[] {
  return [
    {
      header: copy.columns.placed,
      className: 'whitespace-nowrap',
      cell: (order) => <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>,
    },
    { header: copy.columns.part, className: partClassName, cell: (order) => order.toolName },
    { header: copy.columns.quantity, cell: (order) => order.quantity },
    { header: copy.columns.total, className: 'whitespace-nowrap', cell: (order) => formatPrice(order.total) },
    { header: copy.columns.state, cell: (order) => <OrderState order={order} labels={copy.state} view={view} /> },
  ];
}
