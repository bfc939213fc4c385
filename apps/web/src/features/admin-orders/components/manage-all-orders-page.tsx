import { formatOrderNumber, ORDER_STATUSES, type Order, type OrderStatus, type ShipmentInput } from '@shop/shared';
import { useRef } from 'react';
import { downloadOrders } from '@/api/orders/export-orders';
import { useAllOrders, useAllOrdersCount } from '@/api/orders/get-all-orders';
import { useRefundCheckout, useRefundOrder } from '@/api/orders/refund-order';
import { useShipOrder } from '@/api/orders/ship-order';
import { useShipPurchase } from '@/api/purchases/ship-purchase';
import type { PurchaseDetails } from '@/components/order-details';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { StatusFilter } from '@/components/ui/status-filter';
import { formatPrice } from '@/utils/format';
import { parsePageParam, withPage } from '@/utils/page-param';
import { useViewer } from '@/lib/access';
import { toast } from '@/lib/toast';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { useSearchParam } from '@/hooks/use-search-param';
import { adminOrdersCopy as copy } from '../copy';
import { AllOrdersTable, shippableLines } from './all-orders-table';
import { ShipmentFields } from './shipment-fields';

/** Orders per page: a screenful, and a shop of a million orders stays quick. */
const ORDERS_PAGE_SIZE = 20;
const SHIPMENT_FORM = 'shipment-form';
const SHIP_ALL_FORM = 'ship-all-form';

const isStatus = (value: string | null): value is OrderStatus => ORDER_STATUSES.some((status) => status === value);

/**
 * /dashbord/manageAllorders: the orders newest first, a page at a time, of one status and those
 * the search finds (all of it in the address, so a view can be shared or come back to), shipping
 * for the paid ones, refunds, and the CSV export of what is shown.
 */
export function ManageAllOrdersPage() {
  const [q, setQ, [searchParams, changeParams]] = useSearchParam();
  const statusParam = searchParams.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const count = useAllOrdersCount({ q, status });
  const pageCount = count.data ? Math.max(1, Math.ceil(count.data.count / ORDERS_PAGE_SIZE)) : undefined;
  // A page past the end (e.g. the last order of the last page shipped away from a filter) shows the last one.
  const requested = parsePageParam(searchParams.get('page'));
  const page = pageCount ? Math.min(requested, pageCount - 1) : requested;
  const orders = useAllOrders({ q, status, page, size: ORDERS_PAGE_SIZE });

  const showPage = (next: number) => changeParams((current) => withPage(current, next));
  const showStatus = (next: string) =>
    changeParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (isStatus(next)) params.set('status', next);
      else params.delete('status');
      return params;
    });

  const shipOrder = useShipOrder();
  // Refunds are the admin's: staff ship and export (SPEC-3 section 7). The page's guard knows the viewer before it shows.
  const refunds = useViewer() !== 'staff';
  const refundOrder = useRefundOrder();
  const refundCheckout = useRefundCheckout();
  const shipPurchase = useShipPurchase();
  // The carrier and tracking number the shipping question's form gave, read when it is confirmed.
  const shipment = useRef<ShipmentInput>({});
  // A refusal says the shop's reason, e.g. another admin started shipping it first.
  const shipping = useConfirmedAction({
    action: (order: Order) => shipOrder.mutateAsync({ orderId: order._id, shipment: shipment.current }),
    key: (order) => order._id,
    done: copy.shifted,
    failed: copy.failed,
    question: { ...copy.confirm, text: (order) => copy.confirm.text(order.quantity, order.toolName, order.name) },
  });
  // A refusal says why: refunded or shipped by another admin first, or the provider's reason.
  const refunding = useConfirmedAction({
    action: (order: Order) => refundOrder.mutateAsync(order._id),
    key: (order) => order._id,
    done: copy.refunded,
    failed: copy.failed,
    question: { ...copy.confirmRefund, text: (order) => copy.confirmRefund.text(formatPrice(order.total), order.quantity, order.toolName, order.name) },
  });
  // Every paid, unshipped line of the checkout, each by its own amount.
  const refundingCheckout = useConfirmedAction({
    action: (purchase: PurchaseDetails) => refundCheckout.mutateAsync(purchase._id),
    key: (purchase) => purchase._id,
    done: copy.checkoutRefunded,
    failed: copy.failed,
    question: { ...copy.confirmRefundCheckout, text: (purchase) => copy.confirmRefundCheckout.text(purchase.customerName) },
  });
  // Every paid, unshipped line of the purchase as one parcel; a refusal says the shop's reason.
  const shippingAll = useConfirmedAction({
    action: (purchase: PurchaseDetails) => shipPurchase.mutateAsync({ purchaseId: purchase._id, shipment: shipment.current }),
    key: (purchase) => purchase._id,
    done: copy.shippedAll,
    failed: copy.failed,
    question: {
      ...copy.confirmShipAll,
      text: (purchase) => copy.confirmShipAll.text(shippableLines(purchase).length, formatOrderNumber(purchase.number), purchase.customerName),
    },
  });
  const exportShown = () => void downloadOrders({ status, q }, copy.exportFailed).catch((error: unknown) => toast.error(error instanceof Error ? error.message : copy.exportFailed));

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter statuses={ORDER_STATUSES} copy={copy.statusFilter} value={status} onChange={showStatus} />
        <div className="min-w-64 flex-1">
          <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
        </div>
        <button type="button" className="btn btn-outline" onClick={exportShown}>
          {copy.exportCsv}
        </button>
      </div>
      {count.data && (
        <p className="text-sm text-base-content/80" aria-live="polite">
          {copy.count(count.data.count)}
        </p>
      )}
      <QueryView query={orders} copy={copy}>
        {(rows) =>
          rows.length === 0 && page === 0 ? (
            <EmptyState text={q ? copy.noneFound(q) : status ? copy.noneOfStatus : copy.empty} />
          ) : (
            <>
              <AllOrdersTable
                orders={rows}
                onShift={shipping.ask}
                onRefund={refunds ? refunding.ask : undefined}
                onShipAll={shippingAll.ask}
                onRefundCheckout={refunds ? refundingCheckout.ask : undefined}
                busyId={shipping.busyKey ?? refunding.busyKey ?? refundingCheckout.busyKey ?? shippingAll.busyKey}
              />
              <Pager page={page} pageCount={pageCount} onPageChange={showPage} labels={copy.pager} disabled={orders.isPlaceholderData} />
            </>
          )
        }
      </QueryView>
      <ConfirmDialog {...shipping.dialog} formId={SHIPMENT_FORM}>
        {/* A fresh form for each order asked about. */}
        {shipping.confirming && (
          <ShipmentFields
            key={shipping.confirming._id}
            id={SHIPMENT_FORM}
            onValid={(values) => {
              shipment.current = values;
              shipping.dialog.onConfirm();
            }}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog {...shippingAll.dialog} formId={SHIP_ALL_FORM}>
        {shippingAll.confirming && (
          <ShipmentFields
            key={shippingAll.confirming._id}
            id={SHIP_ALL_FORM}
            onValid={(values) => {
              shipment.current = values;
              shippingAll.dialog.onConfirm();
            }}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog {...refunding.dialog} />
      <ConfirmDialog {...refundingCheckout.dialog} />
    </div>
  );
}
