import { arrivalText, formatOrderNumber, type Order, type Purchase } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { usePurchase } from '@/api/purchases/get-purchase';
import { formatDayAndTime, formatPrice } from '@/utils/format';
import { QuoteTotals } from './delivery-options';
import { InvoiceButton } from './invoice-button';
import { OrderState, type OrderStateLabels } from './order-state';
import { Modal } from './ui/modal';

const labels = {
  heading: (number: number) => `Order ${formatOrderNumber(number)}`,
  open: 'details',
  placed: 'Placed',
  parts: 'Parts',
  line: (quantity: number, part: string, unitPrice: string) => `${quantity} × ${part} at ${unitPrice}`,
  total: 'Total',
  customer: 'Customer',
  deliverTo: 'Deliver to',
  phone: 'Phone',
  deliveryMethod: 'Delivery method',
  loading: 'Loading the order',
  loadFailed: 'The order could not be loaded.',
  close: 'Close',
} as const;

/** What the details show of a purchase: its one number, buyer, delivery and every line. */
export type PurchaseDetails = Pick<Purchase, '_id' | 'number' | 'createdAt' | 'customerName' | 'email' | 'location' | 'phone' | 'total' | 'lines'> &
  Partial<Pick<Purchase, Exclude<PricedField, 'total'>>>;

/** The method, arrival and amounts the shop kept with a purchase (SPEC-3 section 1), read from it when its details open. */
type PricedField = 'total' | 'subtotal' | 'shipping' | 'discount' | 'tax' | 'pricesIncludeTax' | 'country' | 'shippingMethod' | 'arrivesFrom' | 'arrivesTo' | 'shippingDaysMax';

const pricedOf = (purchase: Purchase): Pick<Purchase, PricedField> => {
  const { total, subtotal, shipping, discount, tax, pricesIncludeTax, country, shippingMethod, arrivesFrom, arrivesTo, shippingDaysMax } = purchase;
  return { total, subtotal, shipping, discount, tax, pricesIncludeTax, country, shippingMethod, arrivesFrom, arrivesTo, shippingDaysMax };
};

/** The amounts, when the purchase has them: one placed before the shop kept them (no country) shows its total alone. */
const amountsOf = ({ subtotal, shipping, discount, tax, pricesIncludeTax, country, total }: PurchaseDetails) =>
  country && subtotal !== undefined && shipping !== undefined && discount !== undefined && tax !== undefined && pricesIncludeTax !== undefined
    ? { subtotal, shipping, discount, tax, pricesIncludeTax, total }
    : undefined;

/**
 * 'Express', then when it arrives ('Arrives Fri 28 Nov – Tue 2 Dec', or 'Ready to collect …'):
 * a collection's day no longer, once every line has left the shop.
 */
function DeliveryMethod({ purchase }: { purchase: PurchaseDetails }) {
  const { shippingMethod, arrivesFrom, arrivesTo, shippingDaysMax } = purchase;
  if (!shippingMethod) return null;
  const collected = shippingDaysMax === 0 && purchase.lines.every((line) => line.status === 'shipped' || line.status === 'refunded');
  return (
    <Field label={labels.deliveryMethod}>
      <span data-testid="order-details-method">{shippingMethod}</span>
      {arrivesFrom && arrivesTo && !collected && (
        <>
          <br />
          <span className="text-sm" data-testid="order-details-arrival">
            {/* A method no longer known words its dates as a delivery. */}
            {arrivalText({ arrivesFrom, arrivesTo, daysMax: shippingDaysMax ?? 1 })}
          </span>
        </>
      )}
    </Field>
  );
}

/** A purchase as its lines tell it (the customer's own list holds every line of their purchases). */
function purchaseOfLines(lines: Order[]): PurchaseDetails {
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  const first = sorted[0]!;
  return {
    _id: first.purchaseId,
    number: first.purchaseNumber,
    createdAt: first.createdAt,
    customerName: first.name,
    email: first.email,
    location: first.location,
    phone: first.phone,
    // What the purchase costs: its lines with delivery, discount and tax.
    total: first.purchaseTotal,
    lines: sorted,
  };
}

interface PurchaseDetailsDialogProps {
  open: boolean;
  purchase: PurchaseDetails | undefined;
  /** The purchase could not be read (the admin's details read it from the shop). */
  failed: boolean;
  onClose: () => void;
  stateLabels: OrderStateLabels;
  view: 'customer' | 'admin';
  /** What the viewer may do with the whole purchase, e.g. the admin's 'Ship all'. */
  actions?: ((purchase: PurchaseDetails) => ReactNode) | undefined;
}

/** Everything about one purchase: its number, to whom and where it goes, its total, and every line with its one state. */
function PurchaseDetailsDialog({ open, purchase, failed, onClose, stateLabels, view, actions }: PurchaseDetailsDialogProps) {
  const headingId = useId();
  const amounts = purchase && amountsOf(purchase);
  return (
    <Modal open={open} onClose={onClose} labelledBy={headingId}>
      {purchase ? (
        <>
          <h2 id={headingId} className="text-lg font-bold">
            {labels.heading(purchase.number)}
          </h2>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 py-4" data-testid="order-details">
            <Field label={labels.placed}>
              <time dateTime={purchase.createdAt}>{formatDayAndTime(purchase.createdAt)}</time>
            </Field>
            <Field label={labels.customer}>
              {purchase.customerName}
              {view === 'admin' && (
                <>
                  <br />
                  <a className="link" href={`mailto:${purchase.email}`}>
                    {purchase.email}
                  </a>
                </>
              )}
            </Field>
            <Field label={labels.deliverTo}>
              <span className="whitespace-pre-line">{purchase.location}</span>
            </Field>
            <Field label={labels.phone}>
              {view === 'admin' ? (
                <a className="link" href={`tel:${purchase.phone.replace(/[^\d+]/g, '')}`}>
                  {purchase.phone}
                </a>
              ) : (
                purchase.phone
              )}
            </Field>
            <DeliveryMethod purchase={purchase} />
            {!amounts && (
              <Field label={labels.total}>
                <span className="font-bold">{formatPrice(purchase.total)}</span>
              </Field>
            )}
            {/* One payment pays every line: its id is said once. */}
            {purchase.lines[0]?.transactionId && (
              <Field label={stateLabels.transactionId}>
                <span className="font-mono break-all">{purchase.lines[0].transactionId}</span>
              </Field>
            )}
          </dl>
          <h3 className="font-semibold">{labels.parts}</h3>
          <ul className="flex flex-col divide-y divide-base-300" aria-label={labels.parts}>
            {purchase.lines.map((line) => (
              <li key={line._id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2" data-testid="purchase-line">
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="wrap-anywhere">
                    {/* The admin ships and refunds line by line, by the line's own number. */}
                    {view === 'admin' && <span className="font-mono">{formatOrderNumber(line.number)} </span>}
                    {labels.line(line.quantity, line.toolName, formatPrice(line.toolPrice))}
                  </span>
                  <OrderState order={{ ...line, transactionId: null }} labels={stateLabels} view={view} />
                </div>
                <span className="tabular-nums">{formatPrice(line.total)}</span>
              </li>
            ))}
          </ul>
          {amounts && <QuoteTotals quote={amounts} loading={false} totalTestId="order-details-total" />}
          <div className="modal-action mt-4 flex-wrap">
            {/* Paid once (shipped or refunded since, too): its invoice was issued with the payment. */}
            {purchase.lines[0]?.paid && <InvoiceButton purchaseId={purchase._id} number={purchase.number} className="btn-outline btn-md" />}
            {actions?.(purchase)}
            <button type="button" className="btn" onClick={onClose}>
              {labels.close}
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id={headingId} className="text-lg font-bold">
            {failed ? labels.loadFailed : labels.loading}
          </h2>
          <div className="modal-action">
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

interface OrderDetailsOptions {
  /**
   * The lines of an order's purchase where the page already holds them all (the customer's own
   * list); otherwise the purchase is read from the shop when its details open.
   */
  linesOf?: (order: Order) => Order[];
  actions?: (purchase: PurchaseDetails) => ReactNode;
}

/**
 * An orders table's first column: the number that opens the details of the order's purchase.
 * Returns the cell (for an order, under the number given) and the dialog to render beside the table.
 */
export function useOrderDetails(stateLabels: OrderStateLabels, view: 'customer' | 'admin', { linesOf, actions }: OrderDetailsOptions = {}) {
  const [shown, setShown] = useState<Order | null>(null);
  // The customer's list holds the lines; the method, arrival and amounts are the purchase's, read as it opens.
  const fetched = usePurchase(shown ? shown.purchaseId : null);
  const purchase = shown && linesOf ? { ...purchaseOfLines(linesOf(shown)), ...(fetched.data ? pricedOf(fetched.data) : {}) } : fetched.data;
  return {
    rowHeader: (order: Order, number = order.number) => (
      <button type="button" className="link font-mono whitespace-nowrap" aria-label={`${formatOrderNumber(number)} ${labels.open}`} onClick={() => setShown(order)}>
        {formatOrderNumber(number)}
      </button>
    ),
    dialog: (
      <PurchaseDetailsDialog
        open={shown !== null}
        purchase={shown ? purchase : undefined}
        failed={fetched.isError}
        onClose={() => setShown(null)}
        stateLabels={stateLabels}
        view={view}
        actions={actions}
      />
    ),
  };
}
