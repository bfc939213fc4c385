import { arrivalText, formatOrderNumber, type Order, type OrderStatus } from '@shop/shared';
import { Link } from 'react-router';
import { InvoiceButton } from '@/components/invoice-button';
import { useOrderDetails } from '@/components/order-details';
import { OrderState, TrackingNumber } from '@/components/order-state';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatDay, formatPrice } from '@/utils/format';
import { ordersCopy as copy } from '../copy';
import { returnableOf } from './return-dialog';

/** One purchase of the customer's: what they paid (or are to pay) for at once, named by one number, with its lines. */
interface PurchaseRow {
  id: string;
  number: number;
  createdAt: string;
  /** In number order: the first pays and cancels them all. */
  lines: Order[];
  total: number;
  status: OrderStatus;
}

/**
 * The customer's orders as purchases, newest first: the lines of a checkout under its one number,
 * a one-part order alone. Its status is its lines' when they agree ('paid' when some were shipped
 * or refunded and others not yet).
 */
function purchasesOf(orders: Order[]): PurchaseRow[] {
  const byPurchase = new Map<string, Order[]>();
  for (const order of orders) byPurchase.set(order.purchaseId, [...(byPurchase.get(order.purchaseId) ?? []), order]);
  return [...byPurchase.entries()]
    .map(([id, unsorted]) => {
      const lines = [...unsorted].sort((a, b) => a.number - b.number);
      const first = lines[0]!;
      return {
        id,
        number: first.purchaseNumber,
        createdAt: first.createdAt,
        lines,
        // What the purchase costs: its lines with delivery, discount and tax.
        total: first.purchaseTotal,
        status: lines.every((line) => line.status === first.status) ? first.status : 'paid',
      };
    })
    .sort((a, b) => b.number - a.number);
}

/**
 * When the purchase arrives, as placed: while it is on its way or still to be paid, not once
 * cancelled or refunded, nor once a collection's parts have all been handed over.
 */
function arrivalOf(purchase: PurchaseRow): string | null {
  const { arrivesFrom, arrivesTo, shippingDaysMax } = purchase.lines[0]!;
  if (!arrivesFrom || !arrivesTo || purchase.status === 'cancelled' || purchase.status === 'refunded') return null;
  if (shippingDaysMax === 0 && purchase.lines.every((line) => line.status === 'shipped' || line.status === 'refunded')) return null;
  return arrivalText({ arrivesFrom, arrivesTo, daysMax: shippingDaysMax ?? 1 });
}

/** Whether every line of the purchase is in one state, and whether they all left in one parcel (or none left yet). */
const sameStatus = (lines: Order[]) => lines.every((line) => line.status === lines[0]!.status && line.refundFailure === lines[0]!.refundFailure);
const sameParcel = (lines: Order[]) => lines.every((line) => line.carrier === lines[0]!.carrier && line.trackingNumber === lines[0]!.trackingNumber);

/** Cells whose text may wrap: the table's cells otherwise keep to one line. */
const WRAPS = '@2xl:whitespace-normal!';

interface OrdersTableProps {
  orders: Order[];
  /** Asks to cancel an unpaid purchase (by its first line); the page confirms before anything happens. */
  onCancel: (order: Order) => void;
  /** The order being cancelled right now, if any. */
  cancellingId?: string | null;
  /** Asks to return pieces of a shipped line within its window; the page opens the dialog. */
  onReturn: (line: Order) => void;
}

/** A line's returns, each by its state ('Return requested' … 'Refunded') and how many pieces it sends back. */
function LineReturns({ line }: { line: Order }) {
  if (!line.returns?.length) return null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {line.returns.map((lineReturn) => (
        <li key={lineReturn._id} data-testid="line-return">
          <span className="font-medium wrap-anywhere">{lineReturn.statusText}</span>
          <span className="text-base-content/80"> · {copy.returnPieces(lineReturn.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

/** 'Return' on a shipped line while some of its pieces can still go back, and until when. */
function ReturnButton({ line, onReturn }: { line: Order; onReturn: (line: Order) => void }) {
  if (returnableOf(line) === 0 || !line.returnableUntil) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <button type="button" className="btn btn-outline btn-xs" onClick={() => onReturn(line)}>
        {copy.returnPart}
        <span className="sr-only"> {line.toolName}</span>
      </button>
      <span className="text-xs text-base-content/80">{copy.returnBy(formatDay(line.returnableUntil))}</span>
    </div>
  );
}

/**
 * The customer's purchases, one row each under its one number, its lines listed in it: an unpaid
 * one can be paid or cancelled as a whole, a paid one shows its payment and where each line is.
 */
export function OrdersTable({ orders, onCancel, cancellingId = null, onReturn }: OrdersTableProps) {
  const { columns } = copy;
  const purchases = purchasesOf(orders);
  const details = useOrderDetails(copy.state, 'customer', { linesOf: (order) => orders.filter((line) => line.purchaseId === order.purchaseId) });
  const tableColumns: DataTableColumn<PurchaseRow>[] = [
    {
      header: columns.placed,
      className: 'whitespace-nowrap',
      cell: (purchase) => <time dateTime={purchase.createdAt}>{formatDay(purchase.createdAt)}</time>,
    },
    {
      header: columns.parts,
      className: `font-medium ${WRAPS} @2xl:min-w-44`,
      cell: (purchase) => {
        // Lines that went different ways each say where they are; what they share, the purchase says once.
        const eachState = !sameStatus(purchase.lines);
        const eachParcel = !sameParcel(purchase.lines);
        return (
          <ul className="flex flex-col gap-2">
            {purchase.lines.map((line) => (
              <li key={line._id} className="flex flex-col items-start gap-1">
                <span className="wrap-anywhere">{copy.line(line.quantity, line.toolName)}</span>
                {eachState && <OrderState order={{ ...line, transactionId: null, carrier: null, trackingNumber: null }} labels={copy.state} view="customer" />}
                {eachParcel && <TrackingNumber order={line} labels={copy.state} />}
                <LineReturns line={line} />
                <ReturnButton line={line} onReturn={onReturn} />
                {/* A refunded line's part was given back: it is not reviewed from that order. */}
                {(line.status === 'paid' || line.status === 'shipped') && line.reviewed === false && (
                  <Link to={paths.dashboard.addReview.getHref(line.productId)} className="btn btn-outline btn-xs">
                    {copy.reviewPart}
                    <span className="sr-only"> {line.toolName}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        );
      },
    },
    { header: columns.total, className: 'whitespace-nowrap', cell: (purchase) => formatPrice(purchase.total) },
    {
      header: columns.state,
      className: WRAPS,
      cell: (purchase) => {
        const [first] = purchase.lines as [Order];
        const shared = sameStatus(purchase.lines);
        const parcel = sameParcel(purchase.lines);
        const arrival = arrivalOf(purchase);
        return (
          <div className="flex flex-col items-start gap-1">
            <OrderState
              order={{
                status: purchase.status,
                transactionId: first.transactionId,
                refundFailure: shared ? first.refundFailure : null,
                carrier: parcel ? first.carrier : null,
                trackingNumber: parcel ? first.trackingNumber : null,
              }}
              labels={copy.state}
              view="customer"
            />
            {arrival && <span className="text-sm text-base-content/80">{arrival}</span>}
          </div>
        );
      },
    },
    {
      header: columns.actions,
      optional: true,
      cell: (purchase) => {
        const first = purchase.lines[0]!;
        // Paid once (shipped or refunded since, too): its invoice was issued with the payment.
        if (purchase.status !== 'waiting') return first.paid ? <InvoiceButton purchaseId={purchase.id} number={purchase.number} /> : null;
        const together = purchase.lines.length > 1;
        const named = together ? formatOrderNumber(purchase.number) : first.toolName;
        return (
          <div className="flex flex-wrap gap-2">
            <Link to={paths.dashboard.payment.getHref(first._id)} className="btn btn-primary btn-sm">
              {together ? copy.payCheckout(purchase.lines.length) : copy.pay}
              <span className="sr-only"> {named}</span>
            </Link>
            <BusyButton className="btn-error" busy={purchase.lines.some((line) => line._id === cancellingId)} onClick={() => onCancel(first)}>
              {together ? copy.cancelCheckout(purchase.lines.length) : copy.cancel}
              <span className="sr-only"> {named}</span>
            </BusyButton>
          </div>
        );
      },
    },
  ];
  const busy = purchases.find((purchase) => purchase.lines.some((line) => line._id === cancellingId));
  return (
    <>
      <DataTable
        label={copy.tableLabel}
        indexHeader={columns.order}
        rowHeader={(purchase) => details.rowHeader(purchase.lines[0]!, purchase.number)}
        columns={tableColumns}
        rows={purchases}
        rowKey={(purchase) => purchase.id}
        busyKey={busy?.id ?? null}
        rowTestId="order-row"
        fitsFrom="2xl"
      />
      {details.dialog}
    </>
  );
}
