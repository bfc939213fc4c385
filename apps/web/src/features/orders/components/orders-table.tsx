import { formatOrderNumber, type Order } from '@shop/shared';
import { Link } from 'react-router';
import { orderColumns } from '@/components/order-columns';
import { useOrderDetails } from '@/components/order-details';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { ordersCopy as copy } from '../copy';

interface OrdersTableProps {
  orders: Order[];
  /** Asks to cancel an unpaid order; the page confirms before anything happens. */
  onCancel: (order: Order) => void;
  /** The order being cancelled right now, if any. */
  cancellingId?: string | null;
}

/** The lines of each checkout among the orders, by checkout id. */
export function checkoutLines(orders: Order[]): Map<string, Order[]> {
  const byCheckout = new Map<string, Order[]>();
  for (const order of orders) if (order.checkoutId) byCheckout.set(order.checkoutId, [...(byCheckout.get(order.checkoutId) ?? []), order]);
  for (const lines of byCheckout.values()) lines.sort((a, b) => a.number - b.number);
  return byCheckout;
}

/**
 * The customer's orders: unpaid ones can be paid or cancelled, paid ones show their payment.
 * The lines of one checkout are paid and cancelled together, from its first line.
 */
export function OrdersTable({ orders, onCancel, cancellingId = null }: OrdersTableProps) {
  const { columns } = copy;
  const checkouts = checkoutLines(orders);
  const details = useOrderDetails(copy.state, 'customer');
  const tableColumns: DataTableColumn<Order>[] = [
    ...orderColumns(copy, 'customer', 'font-medium @2xl:max-w-64'),
    {
      header: columns.actions,
      optional: true,
      cell: (order) => {
        // A refunded order's part was given back: it is not reviewed from that order.
        if ((order.status === 'paid' || order.status === 'shipped') && order.reviewed === false) {
          return (
            <Link to={paths.dashboard.addReview.getHref(order.productId)} className="btn btn-outline btn-sm">
              {copy.reviewPart}
              <span className="sr-only"> {order.toolName}</span>
            </Link>
          );
        }
        if (order.status !== 'waiting') return null;
        const lines = order.checkoutId ? (checkouts.get(order.checkoutId) ?? [order]) : [order];
        const lead = lines[0]!;
        if (lead !== order) return <span className="text-sm">{copy.inCheckout(formatOrderNumber(lead.number))}</span>;
        const together = lines.length > 1;
        const busy = lines.some((line) => line._id === cancellingId);
        return (
          <div className="flex flex-wrap gap-2">
            <Link to={paths.dashboard.payment.getHref(order._id)} className="btn btn-primary btn-sm">
              {together ? copy.payCheckout(lines.length) : copy.pay}
              <span className="sr-only"> {together ? formatOrderNumber(order.number) : order.toolName}</span>
            </Link>
            <BusyButton className="btn-error" busy={busy} onClick={() => onCancel(order)}>
              {together ? copy.cancelCheckout(lines.length) : copy.cancel}
              <span className="sr-only"> {together ? formatOrderNumber(order.number) : order.toolName}</span>
            </BusyButton>
          </div>
        );
      },
    },
  ];
  return (
    <>
      <DataTable
        label={copy.tableLabel}
        indexHeader={columns.order}
        rowHeader={details.rowHeader}
        columns={tableColumns}
        rows={orders}
        rowKey={(order) => order._id}
        busyKey={cancellingId}
        rowTestId="order-row"
        fitsFrom="2xl"
      />
      {details.dialog}
    </>
  );
}
