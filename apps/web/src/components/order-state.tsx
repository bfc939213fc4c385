import { type Order, type OrderStatus, trackingUrl } from '@shop/shared';

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
  /** Read after a tracking number that links to the carrier's page. */
  opensInNewTab: string;
  /** Before the bank's reason, on a paid order whose refund the bank sent back. */
  refundFailed: string;
}

interface OrderStateProps {
  order: Pick<Order, 'status' | 'transactionId' | 'carrier' | 'trackingNumber' | 'refundFailure'>;
  labels: OrderStateLabels;
  /**
   * The customer sees the payment's id under its label; the admin's wider views name the id for
   * screen readers only.
   */
  view: 'customer' | 'admin';
}

/** A badge keeps its word whole: a narrow column grows to fit it rather than breaking 'Paid' into letters. */
export const StateBadge = ({ status, labels }: { status: OrderStatus; labels: OrderStateLabels }) => (
  <span className={`badge whitespace-nowrap ${BADGE[status]}`}>{labels[status]}</span>
);

/** Where a line's payment is: unpaid, paid (shipped or not), refunded or cancelled. */
export const paymentStatusOf = (status: OrderStatus): OrderStatus => (status === 'shipped' ? 'paid' : status);

/**
 * A shipment's tracking number: a link to the carrier's tracking page when the carrier is one the
 * shop knows, otherwise the number as text; always rendered as text, whatever the shop typed.
 */
export function TrackingNumber({ order, labels }: { order: Pick<Order, 'carrier' | 'trackingNumber'>; labels: OrderStateLabels }) {
  const { carrier, trackingNumber } = order;
  if (!trackingNumber) return null;
  const url = trackingUrl(carrier, trackingNumber);
  const number = (
    <span className="font-mono break-all" data-testid="order-tracking-number">
      {trackingNumber}
    </span>
  );
  return (
    <p className="text-sm">
      <span className="text-base-content/80">{labels.trackingNumber}: </span>
      {url ? (
        <a className="link" href={url} target="_blank" rel="noopener noreferrer">
          {number}
          <span className="sr-only"> {labels.opensInNewTab}</span>
        </a>
      ) : (
        number
      )}
      {carrier && <span> ({carrier})</span>}
    </p>
  );
}

/** Where a line is now, as one badge (a refunded line is 'Refunded', its final state), with its tracking and payment ids. */
export function OrderState({ order, labels, view }: OrderStateProps) {
  const { status, transactionId, refundFailure } = order;
  if (status === 'waiting' || status === 'cancelled') return <StateBadge status={status} labels={labels} />;
  return (
    <div className="flex flex-col items-start gap-1">
      <StateBadge status={status} labels={labels} />
      {refundFailure && (
        <p className="text-sm" data-testid="order-refund-failure">
          <span className="font-semibold">{labels.refundFailed}: </span>
          <span className="break-all">{refundFailure}</span>
        </p>
      )}
      <TrackingNumber order={order} labels={labels} />
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
