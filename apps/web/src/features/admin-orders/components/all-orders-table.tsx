import type { Order } from '@shop/shared';
import { responsiveTable } from '@/components/ui/responsive-table';
import { formatPrice } from '@/lib/format';
import { adminOrdersCopy as copy } from '../copy';

interface AllOrdersTableProps {
  orders: Order[];
  /** Asks to start shipping a paid order; the page confirms before anything happens. */
  onShift: (order: Order) => void;
  /** The order whose shipping is being started right now, if any. */
  shiftingId?: string | null;
}

/** SPEC's admin table of every order: 'Shifting' for paid orders, 'Deliverd' once shipped. */
export function AllOrdersTable({ orders, onShift, shiftingId = null }: AllOrdersTableProps) {
  const { columns } = copy;
  const cell = responsiveTable.cell;
  return (
    <div className={responsiveTable.frame}>
      <table role="table" className={`${responsiveTable.table} sm:min-w-4xl`} aria-label={copy.tableLabel}>
        <thead role="rowgroup" className={responsiveTable.head}>
          <tr role="row">
            <th role="columnheader" scope="col">{columns.index}</th>
            <th role="columnheader" scope="col">{columns.customer}</th>
            <th role="columnheader" scope="col">{columns.email}</th>
            <th role="columnheader" scope="col">{columns.part}</th>
            <th role="columnheader" scope="col">{columns.quantity}</th>
            <th role="columnheader" scope="col">{columns.total}</th>
            <th role="columnheader" scope="col">{columns.state}</th>
            <th role="columnheader" scope="col">{columns.action}</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={responsiveTable.body}>
          {orders.map((order, index) => {
            const busy = shiftingId === order._id;
            return (
              <tr role="row" key={order._id} className={responsiveTable.row} data-testid="admin-order-row">
                <th role="rowheader" scope="row" className={cell} data-label={columns.index}>
                  {index + 1}
                </th>
                <td role="cell" className={`${cell} break-words sm:max-w-48`} data-label={columns.customer}>
                  {order.name}
                </td>
                <td role="cell" className={`${cell} break-all`} data-label={columns.email}>
                  {order.email}
                </td>
                <td role="cell" className={`${cell} break-words sm:max-w-56`} data-label={columns.part}>
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
                <td role="cell" className={`${cell} ${responsiveTable.optionalCell}`} data-label={columns.action}>
                  {order.paid && (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      // SPEC section 4: only paid orders can start shipping, and only once.
                      disabled={order.shift || busy}
                      aria-busy={busy}
                      onClick={() => onShift(order)}
                    >
                      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {copy.shifting}
                      <span className="sr-only"> {copy.shiftingFor(order.toolName, order.name)}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function OrderState({ order }: { order: Order }) {
  if (order.status === 'cancelled') return <span className="badge badge-ghost">{copy.state.cancelled}</span>;
  if (!order.paid) return <span className="badge badge-warning">{copy.state.unpaid}</span>;
  return (
    <div className="flex flex-col items-start gap-1">
      {order.shift ? (
        <span className="badge badge-info">{copy.state.delivered}</span>
      ) : (
        <span className="badge badge-success">{copy.state.paid}</span>
      )}
      {order.transactionId && (
        <span className="text-xs">
          <span className="sr-only">{copy.transactionId}: </span>
          <span className="font-mono break-all">{order.transactionId}</span>
        </span>
      )}
    </div>
  );
}
