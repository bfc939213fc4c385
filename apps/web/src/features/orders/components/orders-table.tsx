import type { Order } from '@shop/shared';
import { Link } from 'react-router';
import { OrderState } from '@/components/order-state';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { ordersCopy as copy } from '../copy';

interface OrdersTableProps {
  orders: Order[];
  /** Asks to cancel an unpaid order; the page confirms before anything happens. */
  onCancel: (order: Order) => void;
  /** The order being cancelled right now, if any. */
  cancellingId?: string | null;
}

/** The customer's orders: unpaid ones can be paid or cancelled, paid ones show their payment. */
export function OrdersTable({ orders, onCancel, cancellingId = null }: OrdersTableProps) {
  const { columns } = copy;
  const tableColumns: DataTableColumn<Order>[] = [
    { header: columns.part, className: 'font-medium @2xl:max-w-64', cell: (order) => order.toolName },
    { header: columns.quantity, cell: (order) => order.quantity },
    { header: columns.total, className: 'whitespace-nowrap', cell: (order) => formatPrice(order.total) },
    { header: columns.state, cell: (order) => <OrderState order={order} labels={copy.state} view="customer" /> },
    {
      header: columns.actions,
      optional: true,
      cell: (order) => {
        if (order.status !== 'waiting') return null;
        return (
          <div className="flex flex-wrap gap-2">
            <Link to={paths.dashboard.payment.getHref(order._id)} className="btn btn-primary btn-sm">
              {copy.pay}
              <span className="sr-only"> {order.toolName}</span>
            </Link>
            <BusyButton className="btn-error" busy={cancellingId === order._id} onClick={() => onCancel(order)}>
              {copy.cancel}
              <span className="sr-only"> {order.toolName}</span>
            </BusyButton>
          </div>
        );
      },
    },
  ];
  return (
    <DataTable
      label={copy.tableLabel}
      indexHeader={columns.index}
      columns={tableColumns}
      rows={orders}
      rowKey={(order) => order._id}
      busyKey={cancellingId}
      rowTestId="order-row"
      fitsFrom="2xl"
    />
  );
}
