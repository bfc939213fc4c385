import type { Order } from '@shop/shared';
import { formatDay, formatPrice } from '@/utils/format';
import { type OrderStateLabels, paymentStatusOf, StateBadge } from './order-state';
import type { DataTableColumn } from './ui/data-table';

export interface OrderColumnsCopy {
  columns: { placed: string; customer: string; email: string; part: string; total: string; state: string };
  state: OrderStateLabels;
}

/** Narrow cells where it is a table (from 'xl', as the admin's table): one line beside the dashboard's menu at 1024 px. */
const TIGHT = '@xl:px-2';

/**
 * The columns of the admin's orders table, each kept to one line where it is a table: when the
 * line was placed, whose it is (cut short, the name and email whole in the tooltip), the part and
 * the email where there is room, the total, and where its payment and its shipping are, a badge
 * each (a refunded line: 'Refunded' alone, its final state).
 */
export function orderColumns(copy: OrderColumnsCopy): DataTableColumn<Order>[] {
  return [
    { header: copy.columns.placed, className: TIGHT, cell: (order) => <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time> },
    { header: copy.columns.customer, className: TIGHT, truncate: { width: '8rem', title: (order) => `${order.name} <${order.email}>` }, cell: (order) => order.name },
    { header: copy.columns.email, className: TIGHT, truncate: { width: '14rem', title: (order) => order.email }, hideBelow: '6xl', cell: (order) => order.email },
    {
      header: copy.columns.part,
      className: TIGHT,
      truncate: { width: '12rem', title: (order) => `${order.quantity} × ${order.toolName}` },
      hideBelow: '4xl',
      cell: (order) => `${order.quantity} × ${order.toolName}`,
    },
    { header: copy.columns.total, className: `${TIGHT} tabular-nums`, cell: (order) => formatPrice(order.total) },
    {
      header: copy.columns.state,
      className: TIGHT,
      cell: (order) => (
        <span className="flex flex-wrap gap-1">
          <StateBadge status={paymentStatusOf(order.status)} labels={copy.state} />
          {order.status === 'shipped' && <StateBadge status="shipped" labels={copy.state} />}
          {order.refundFailure && (
            <span className="badge badge-error whitespace-nowrap" title={order.refundFailure}>
              {copy.state.refundFailed}
            </span>
          )}
        </span>
      ),
    },
  ];
}
