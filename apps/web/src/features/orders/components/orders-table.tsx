import type { Order } from '@shop/shared';
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

/** The customer's orders: unpaid ones can be paid or cancelled, paid ones show their payment. */
export function OrdersTable({ orders, onCancel, cancellingId = null }: OrdersTableProps) {
  const { columns } = copy;
  const details = useOrderDetails(copy.state, 'customer');
  const tableColumns: DataTableColumn<Order>[] = [
    ...orderColumns(copy, 'customer', 'font-medium @2xl:max-w-64'),
    {
      header: columns.actions,
      optional: true,
      cell: (order) => {
        if (order.paid && order.reviewed === false) {
          return (
            <Link to={paths.dashboard.addReview.getHref(order.productId)} className="btn btn-outline btn-sm">
              {copy.reviewPart}
              <span className="sr-only"> {order.toolName}</span>
            </Link>
          );
        }
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
