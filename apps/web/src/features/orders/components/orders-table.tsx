import type { Order } from '@shop/shared';
import { Link } from 'react-router';
import { responsiveTable } from '@/components/ui/responsive-table';
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
  const cell = responsiveTable.cell;
  return (
    <div className={responsiveTable.frame}>
      <table role="table" className={`${responsiveTable.table} sm:min-w-2xl`} aria-label={copy.tableLabel}>
        <thead role="rowgroup" className={responsiveTable.head}>
          <tr role="row">
            <th role="columnheader" scope="col">{columns.index}</th>
            <th role="columnheader" scope="col">{columns.part}</th>
            <th role="columnheader" scope="col">{columns.quantity}</th>
            <th role="columnheader" scope="col">{columns.total}</th>
            <th role="columnheader" scope="col">{columns.state}</th>
            <th role="columnheader" scope="col">{columns.actions}</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={responsiveTable.body}>
          {orders.map((order, index) => (
            <tr role="row" key={order._id} className={responsiveTable.row} data-testid="order-row">
              <th role="rowheader" scope="row" className={cell} data-label={columns.index}>
                {index + 1}
              </th>
              <td role="cell" className={`${cell} font-medium break-words sm:max-w-64`} data-label={columns.part}>
                {order.toolName}
              </td>
              <td role="cell" className={cell} data-label={columns.quantity}>
                {order.quantity}
              </td>
              <td role="cell" className={`${cell} whitespace-nowrap`} data-label={columns.total}>
                {formatPrice(order.total)}
              </td>
              <td role="cell" className={cell} data-label={columns.state}>
                <OrderState order={order} />
              </td>
              <td role="cell" className={`${cell} ${responsiveTable.optionalCell}`} data-label={columns.actions}>
                {order.status === 'waiting' && (
                  <div className="flex flex-wrap gap-2">
                    <Link to={paths.dashboard.payment.getHref(order._id)} className="btn btn-primary btn-sm">
                      {copy.pay}
                      <span className="sr-only"> {order.toolName}</span>
                    </Link>
                    <button
                      type="button"
                      className="btn btn-error btn-sm"
                      disabled={cancellingId === order._id}
                      aria-busy={cancellingId === order._id}
                      onClick={() => onCancel(order)}
                    >
                      {cancellingId === order._id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {copy.cancel}
                      <span className="sr-only"> {order.toolName}</span>
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderState({ order }: { order: Order }) {
  if (order.status === 'waiting') return <span className="badge badge-warning">{copy.state.unpaid}</span>;
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1">
        <span className="badge badge-success">{copy.state.paid}</span>
        {order.status === 'shipped' && <span className="badge badge-info">{copy.state.onTheWay}</span>}
      </div>
      {order.transactionId && (
        <p className="text-sm">
          <span className="text-base-content/80">{copy.transactionId}: </span>
          <span className="font-mono break-all text-green-800" data-testid="order-transaction-id">
            {order.transactionId}
          </span>
        </p>
      )}
    </div>
  );
}
