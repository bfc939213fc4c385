import type { Order } from '@shop/shared';
import { orderColumns } from '@/components/order-columns';
import { useOrderDetails } from '@/components/order-details';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
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
  const details = useOrderDetails(copy.state, 'admin');
  const tableColumns: DataTableColumn<Order>[] = [
    { header: columns.customer, className: '@4xl:max-w-48', cell: (order) => order.name },
    { header: columns.email, cell: (order) => order.email },
    ...orderColumns(copy, 'admin', '@4xl:max-w-56'),
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
    <>
      <DataTable
        label={copy.tableLabel}
        indexHeader={columns.order}
        rowHeader={details.rowHeader}
        columns={tableColumns}
        rows={orders}
        rowKey={(order) => order._id}
        busyKey={shiftingId}
        rowTestId="admin-order-row"
        fitsFrom="4xl"
      />
      {details.dialog}
    </>
  );
}
