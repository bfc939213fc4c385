import { formatOrderNumber, type Order } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { formatDayAndTime, formatPrice } from '@/utils/format';
import { OrderState, type OrderStateLabels } from './order-state';
import { Modal } from './ui/modal';

const labels = {
  heading: (number: number) => `Order ${formatOrderNumber(number)}`,
  open: 'details',
  placed: 'Placed',
  state: 'State',
  part: 'Part',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  total: 'Total',
  customer: 'Customer',
  deliverTo: 'Deliver to',
  phone: 'Phone',
  close: 'Close',
} as const;

interface OrderDetailsDialogProps {
  order: Order | null;
  onClose: () => void;
  stateLabels: OrderStateLabels;
  view: 'customer' | 'admin';
}

/** Everything about one order: what, how much, where it is, and where and to whom it goes. */
function OrderDetailsDialog({ order, onClose, stateLabels, view }: OrderDetailsDialogProps) {
  const headingId = useId();
  return (
    <Modal open={order !== null} onClose={onClose} labelledBy={headingId}>
      {order && (
        <>
          <h2 id={headingId} className="text-lg font-bold">
            {labels.heading(order.number)}
          </h2>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 py-4" data-testid="order-details">
            <Field label={labels.placed}>
              <time dateTime={order.createdAt}>{formatDayAndTime(order.createdAt)}</time>
            </Field>
            <Field label={labels.state}>
              <OrderState order={order} labels={stateLabels} view="customer" />
            </Field>
            <Field label={labels.part}>{order.toolName}</Field>
            <Field label={labels.quantity}>{order.quantity}</Field>
            <Field label={labels.unitPrice}>{formatPrice(order.toolPrice)}</Field>
            <Field label={labels.total}>
              <span className="font-bold">{formatPrice(order.total)}</span>
            </Field>
            <Field label={labels.customer}>
              {order.name}
              {view === 'admin' && (
                <>
                  <br />
                  <a className="link" href={`mailto:${order.email}`}>
                    {order.email}
                  </a>
                </>
              )}
            </Field>
            <Field label={labels.deliverTo}>
              <span className="whitespace-pre-line">{order.location}</span>
            </Field>
            <Field label={labels.phone}>
              {view === 'admin' ? (
                <a className="link" href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>
                  {order.phone}
                </a>
              ) : (
                order.phone
              )}
            </Field>
          </dl>
          <div className="modal-action mt-0">
            <button type="button" className="btn" onClick={onClose}>
              {labels.close}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </>
  );
}

/**
 * An orders table's first column: each order's short number, which opens the order's details.
 * Returns the column's cell and the dialog to render beside the table.
 */
export function useOrderDetails(stateLabels: OrderStateLabels, view: 'customer' | 'admin') {
  const [shown, setShown] = useState<Order | null>(null);
  return {
    rowHeader: (order: Order) => (
      <button
        type="button"
        className="link font-mono whitespace-nowrap"
        aria-label={`${formatOrderNumber(order.number)} ${labels.open}`}
        onClick={() => setShown(order)}
      >
        {formatOrderNumber(order.number)}
      </button>
    ),
    dialog: <OrderDetailsDialog order={shown} onClose={() => setShown(null)} stateLabels={stateLabels} view={view} />,
  };
}
