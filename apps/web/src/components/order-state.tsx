import type { Order, OrderStatus } from '@shop/shared';

const BADGE: Record<OrderStatus, string> = {
  waiting: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
  refunded: 'badge-neutral',
};

export interface OrderStateLabels extends Record<OrderStatus, string> {
  transactionId: string;
  trackingNumber: string;
  /** Before the bank's reason, on a paid order whose refund the bank sent back. */
  refundFailed: string;
}

interface OrderStateProps {
  order: Pick<Order, 'status' | 'transactionId' | 'carrier' | 'trackingNumber' | 'refundFailure'>;
  labels: OrderStateLabels;
  /**
   * The customer sees each step their order has taken (paid, then on the way) and the payment's
   * id under its label; the admin's wider table shows only where the order is now, and names the
   * id for screen readers only.
   */
  view: 'customer' | 'admin';
}

/** A badge keeps its word whole: a narrow column grows to fit it rather than breaking 'Paid' into letters. */
const Badge = ({ status, labels }: { status: OrderStatus; labels: OrderStateLabels }) => (
  <span className={`badge whitespace-nowrap ${BADGE[status]}`}>{labels[status]}</span>
);

/** Where an order is, as badges, with the payment's transaction id once it is paid. */
export function OrderState({ order, labels, view }: OrderStateProps) {
  const { status, transactionId, carrier, trackingNumber, refundFailure } = order;
  if (status === 'waiting' || status === 'cancelled') return <Badge status={status} labels={labels} />;
  return (
    <div className="flex flex-col items-start gap-1">
      {view === 'customer' ? (
        <div className="flex flex-wrap gap-1">
          <Badge status="paid" labels={labels} />
          {status !== 'paid' && <Badge status={status} labels={labels} />}
        </div>
      ) : (
        <Badge status={status} labels={labels} />
      )}
      {refundFailure && (
        <p className="text-sm" data-testid="order-refund-failure">
          <span className="font-semibold">{labels.refundFailed}: </span>
          <span className="break-all">{refundFailure}</span>
        </p>
      )}
      {trackingNumber && view === 'customer' && (
        // Rendered as text: whatever the shop typed, it is never markup.
        <p className="text-sm">
          <span className="text-base-content/80">{labels.trackingNumber}: </span>
          <span className="font-mono break-all" data-testid="order-tracking-number">
            {trackingNumber}
          </span>
          {carrier && <span> ({carrier})</span>}
        </p>
      )}
      {transactionId &&
        (view === 'customer' ? (
          <p className="text-sm">
            <span className="text-base-content/80">{labels.transactionId}: </span>
            <span className="font-mono break-all text-green-800" data-testid="order-transaction-id">
              {transactionId}
            </span>
          </p>
        ) : (
          <span className="text-xs">
            <span className="sr-only">{labels.transactionId}: </span>
            <span className="font-mono break-all">{transactionId}</span>
          </span>
        ))}
    </div>
  );
}
