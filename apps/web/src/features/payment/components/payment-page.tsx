import { arrivalText, formatHoldTime, formatOrderNumber, type Order, type Purchase, purchaseMessages } from '@shop/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useOrder } from '@/api/orders/get-order';
import { usePurchase } from '@/api/purchases/get-purchase';
import { QuoteTotals } from '@/components/delivery-options';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { readChangedTotal } from '@/lib/placement';
import { formatDay, formatPrice } from '@/utils/format';
import { paymentCopy as copy } from '../copy';
import { CardPayment } from './card-payment';
import { TransactionId } from './transaction-id';

interface PaymentPageProps {
  orderId: string;
  /** Where the customer's order list is; left out for admins, who have none. */
  ordersHref?: string | undefined;
  /** The signed-in person looking at the page: the buyer, or an admin helping them. */
  viewerName?: string | undefined;
}

/**
 * What one payment pays: the order's purchase (the order alone, or every line of its checkout,
 * SPEC-2 section 5) with its delivery and amounts (SPEC-3 section 1), as the shop recorded them.
 */
function usePaidTogether(order: Order | undefined) {
  const purchase = usePurchase(order?.purchaseId ?? null);
  return { purchase: purchase.data, failed: purchase.isError, retry: () => void purchase.refetch() };
}

/** /dashbord/payment/{orderid}: greets the buyer, sums up the order (every line of its checkout) and takes the card payment. */
export function PaymentPage({ orderId, ordersHref, viewerName }: PaymentPageProps) {
  const order = useOrder(orderId);
  const together = usePaidTogether(order.data);
  // The payment's id once it succeeded here; the order itself catches up when refetched.
  const [completedId, setCompletedId] = useState<string | null>(null);

  const backLink = ordersHref ? (
    <Link to={ordersHref} className="btn btn-outline self-start">
      {copy.backToOrders}
    </Link>
  ) : null;

  // The page's heading in every state: it greets whoever is looking, by name once it is known.
  const greeting = (
    <h1 className="text-3xl font-bold wrap-anywhere">{viewerName ? copy.greeting(viewerName) : copy.heading}</h1>
  );

  let content: ReactNode;
  if (together.failed) {
    content = <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={together.retry} isRetrying={false} />;
  } else if (order.isPending || (order.isSuccess && !together.purchase)) {
    content = <PageLoader label={copy.loading} />;
  } else if (order.isError) {
    const status = isApiError(order.error) ? order.error.status : 0;
    content =
      status === 404 || status === 400 || status === 403 ? (
        <Notice message={status === 403 ? copy.forbidden : copy.notFound}>{backLink}</Notice>
      ) : (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void order.refetch()} isRetrying={order.isRefetching} />
      );
  } else {
    content = (
      <OrderPayment
        order={order.data}
        purchase={together.purchase!}
        completedId={completedId}
        onCompleted={setCompletedId}
        backLink={backLink}
        forSomeoneElse={viewerName !== undefined && viewerName !== order.data.name}
      />
    );
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>{copy.documentTitle}</title>
      {greeting}
      {content}
    </div>
  );
}

interface OrderPaymentProps {
  order: Order;
  /** What the payment pays: this order's purchase, its lines (this one, or every line of its checkout) and its amounts. */
  purchase: Purchase;
  completedId: string | null;
  onCompleted: (transactionId: string) => void;
  backLink: ReactNode;
  /** An admin looking at a customer's order: the page says whose it is. */
  forSomeoneElse: boolean;
}

function OrderPayment({ order, purchase, completedId, onCompleted, backLink, forSomeoneElse }: OrderPaymentProps) {
  const greeting = forSomeoneElse ? <p className="text-lg wrap-anywhere">{copy.orderOf(order.name, order.email)}</p> : null;
  // The card form that was paid with is gone: the confirmation takes the focus, which brings it
  // into view (the page was scrolled down to Pay) and has it read out.
  const confirmation = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (completedId) confirmation.current?.focus();
  }, [completedId]);

  if (completedId) {
    return (
      <>
        {greeting}
        <section aria-labelledby="payment-completed" className="flex flex-col gap-3 rounded-box border border-green-700/40 bg-green-50 p-6">
          <h2 id="payment-completed" ref={confirmation} tabIndex={-1} className="text-2xl font-bold text-green-800 outline-none">
            {copy.completed}
          </h2>
          <TransactionId id={completedId} />
        </section>
        <OrderSummary purchase={purchase} />
        {backLink}
      </>
    );
  }

  if (order.status === 'cancelled') {
    return (
      <>
        {greeting}
        <Notice message={copy.cancelled}>{backLink}</Notice>
      </>
    );
  }

  if (order.paid) {
    return (
      <>
        {greeting}
        <section aria-labelledby="payment-paid" className="flex flex-col gap-3 rounded-box border border-green-700/40 bg-green-50 p-6">
          <h2 id="payment-paid" className="text-2xl font-bold text-green-800">
            {copy.alreadyPaid}
          </h2>
          {order.transactionId && <TransactionId id={order.transactionId} />}
          {order.status === 'shipped' && <p>{copy.onTheWay}</p>}
        </section>
        <OrderSummary purchase={purchase} />
        {backLink}
      </>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-2">
        {greeting}
        <p className="text-lg">{copy.intro}</p>
        {order.holdUntil && <p data-testid="payment-hold">{purchaseMessages.holdUntil(formatHoldTime(order.holdUntil))}</p>}
      </div>
      <ChangedTotal />
      <OrderSummary purchase={purchase} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body p-6 sm:p-8">
          <CardPayment lines={purchase.lines} amountDue={purchase.total} onCompleted={onCompleted} />
        </div>
      </div>
    </>
  );
}

/** SPEC: the quantity, the part's name and the price in dollars; and the order's number and day. A checkout: every line, and the total. */
function OrderSummary({ purchase }: { purchase: Purchase }) {
  const labels = copy.summary;
  const [order] = purchase.lines as [Order];
  if (purchase.lines.length > 1) return <CheckoutSummary purchase={purchase} />;
  return (
    <section aria-label={labels.label} className="rounded-box border border-base-300 bg-base-100 p-6">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
        <dt className="font-medium">{labels.number}</dt>
        <dd className="font-mono" data-testid="payment-order-number">
          {formatOrderNumber(order.purchaseNumber)}
        </dd>
        <dt className="font-medium">{labels.placed}</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>
        </dd>
        <dt className="font-medium">{labels.part}</dt>
        <dd className="wrap-anywhere" data-testid="payment-part">
          {order.toolName}
        </dd>
        <dt className="font-medium">{labels.quantity}</dt>
        <dd data-testid="payment-quantity">{order.quantity}</dd>
        <dt className="font-medium">{labels.unitPrice}</dt>
        <dd>{formatPrice(order.toolPrice)}</dd>
        <DeliveryRow purchase={purchase} />
      </dl>
      <QuoteTotals quote={purchase} loading={false} totalTestId="payment-total" />
    </section>
  );
}

/** The lines of one checkout under its one number, and what the one payment comes to. */
function CheckoutSummary({ purchase }: { purchase: Purchase }) {
  const labels = copy.summary;
  const { lines } = purchase;
  return (
    <section aria-label={labels.label} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-6">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
        <dt className="font-medium">{labels.number}</dt>
        <dd className="font-mono" data-testid="payment-order-number">
          {formatOrderNumber(lines[0]!.purchaseNumber)}
        </dd>
        <dt className="font-medium">{labels.placed}</dt>
        <dd>
          <time dateTime={lines[0]!.createdAt}>{formatDay(lines[0]!.createdAt)}</time>
        </dd>
        <DeliveryRow purchase={purchase} />
      </dl>
      <ul className="flex flex-col gap-2">
        {lines.map((line) => (
          <li key={line._id} className="flex flex-wrap items-baseline justify-between gap-x-4" data-testid="payment-line">
            <span className="wrap-anywhere">{copy.line(line.quantity, line.toolName, formatPrice(line.toolPrice))}</span>
            <span className="tabular-nums">{formatPrice(line.total)}</span>
          </li>
        ))}
      </ul>
      <QuoteTotals quote={purchase} loading={false} totalTestId="payment-total" />
    </section>
  );
}

/** How the purchase goes, when it was placed with a delivery method. */
function DeliveryRow({ purchase }: { purchase: Purchase }) {
  if (!purchase.shippingMethod) return null;
  return (
    <>
      <dt className="font-medium">{copy.summary.delivery}</dt>
      <dd className="wrap-anywhere" data-testid="payment-delivery">
        {purchase.shippingMethod}
        {purchase.arrivesFrom && purchase.arrivesTo && (
          <span className="block text-sm text-base-content/80">
            {arrivalText({ arrivesFrom: purchase.arrivesFrom, arrivesTo: purchase.arrivesTo, daysMax: purchase.shippingDaysMax ?? 1 })}
          </span>
        )}
      </dd>
    </>
  );
}

function Notice({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-200 p-8">
      <p className="text-lg font-medium">{message}</p>
      {children}
    </div>
  );
}

/** Straight from placing it: a total that differs from the one the customer saw is said before payment. */
function ChangedTotal() {
  const changed = readChangedTotal(useLocation().state);
  if (changed === null) return null;
  return (
    <p role="alert" className="rounded-box border border-amber-700/40 bg-amber-50 p-4 font-medium text-amber-900" data-testid="payment-total-changed">
      {copy.totalChanged(formatPrice(changed))}
    </p>
  );
}
