import type { Order } from '@shop/shared';
import { useAllOrders } from '@/api/orders/get-all-orders';
import { useShipOrder } from '@/api/orders/ship-order';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useSearchParam } from '@/lib/use-search-param';
import { adminOrdersCopy as copy } from '../copy';
import { AllOrdersTable } from './all-orders-table';

/** /dashbord/manageAllorders: every order (or those the search finds), and shipping for the paid ones. */
export function ManageAllOrdersPage() {
  const [q, setQ] = useSearchParam();
  const orders = useAllOrders(q);
  const shipOrder = useShipOrder();
  // A refusal says the shop's reason, e.g. another admin started shipping it first.
  const shipping = useConfirmedAction({
    action: (order: Order) => shipOrder.mutateAsync(order._id),
    key: (order) => order._id,
    done: copy.shifted,
    failed: copy.failed,
    question: { ...copy.confirm, text: (order) => copy.confirm.text(order.quantity, order.toolName, order.name) },
  });

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
      <QueryView query={orders} copy={copy}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState text={q ? copy.noneFound(q) : copy.empty} />
          ) : (
            <AllOrdersTable orders={rows} onShift={shipping.ask} shiftingId={shipping.busyKey} />
          )
        }
      </QueryView>
      <ConfirmDialog {...shipping.dialog} />
    </div>
  );
}
