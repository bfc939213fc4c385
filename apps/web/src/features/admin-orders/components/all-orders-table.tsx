import type { Order } from '@shop/shared';
import { OrderState } from '@/components/order-state';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
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
  const tableColumns: DataTableColumn<Order>[] = [
    { header: columns.customer, className: '@4xl:max-w-48', cell: (order) => order.name },
    { header: columns.email, className: 'break-all', cell: (order) => order.email },
    { header: columns.part, className: '@4xl:max-w-56', cell: (order) => order.toolName },
    { header: columns.quantity, cell: (order) => order.quantity },
    { header: columns.total, className: 'whitespace-nowrap', cell: (order) => formatPrice(order.total) },
    { header: columns.state, cell: (order) => <OrderState order={order} labels={copy.state} view="admin" /> },
    {
      header: columns.action,
      optional: true,
      cell: (order) => {
        if (!order.paid) return null;
        return (
          <BusyButton
            className="btn-primary"
            busy={shiftingId === order._id}
            // SPEC section 4: only paid orders can start shipping, and only once.
            disabled={order.shift}
            onClick={() => onShift(order)}
          >
            {copy.shifting}
            <span className="sr-only"> {copy.shiftingFor(order.toolName, order.name)}</span>
          </BusyButton>
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
      busyKey={shiftingId}
      rowTestId="admin-order-row"
      fitsFrom="4xl"
    />
  );
}
