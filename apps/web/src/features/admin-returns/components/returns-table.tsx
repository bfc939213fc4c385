import { formatOrderNumber, type Return, type ReturnStatus } from '@shop/shared';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatDay, formatPrice } from '@/utils/format';
import { adminReturnsCopy as copy } from '../copy';

const BADGE: Record<ReturnStatus, string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  rejected: 'badge-ghost',
  received: 'badge-success',
  refunded: 'badge-neutral',
};

/** Cells whose text may wrap where it is a table: the part, the customer's comment, a reason. */
const WRAPS = '@2xl:whitespace-normal';

export interface ReturnsTableProps {
  returns: readonly Return[];
  /** Each asks for one step of the return; the page confirms or asks for what the step needs first. */
  onApprove: (item: Return) => void;
  onReject: (item: Return) => void;
  onReceive: (item: Return) => void;
  /** Without it (staff) a received return offers no refund. */
  onRefund?: ((item: Return) => void) | undefined;
  /** The return whose step is under way, if any. */
  busyId?: string | null;
}

/** Where a return is: a badge, and the reason it was rejected or what was refunded. */
function ReturnState({ item }: { item: Return }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={`badge whitespace-nowrap ${BADGE[item.status]}`}>{copy.statusFilter.options[item.status]}</span>
      {item.status === 'rejected' && item.rejectReason && <span className="text-sm wrap-anywhere">{item.rejectReason}</span>}
      {item.status === 'refunded' && item.refundAmount !== null && (
        <span className="text-sm tabular-nums">
          {copy.refundedAmount(formatPrice(item.refundAmount))}
          {item.restocked && `, ${copy.restocked}`}
        </span>
      )}
    </div>
  );
}

/**
 * The shop's returns, one per row, headed by their order's number: who sends what back and why,
 * where the return is, and the next step it can take — 'Approve' or 'Reject' a request, 'Mark
 * received' an approved one, 'Refund' one received.
 */
export function ReturnsTable({ returns, onApprove, onReject, onReceive, onRefund, busyId = null }: ReturnsTableProps) {
  const { columns } = copy;
  const action = (item: Return, label: string, onClick: (item: Return) => void, className = 'btn-outline') => (
    <BusyButton className={`btn-xs ${className}`} busy={busyId === item._id} onClick={() => onClick(item)}>
      {label}
      <span className="sr-only"> {copy.actionFor(item.toolName, item.customerName)}</span>
    </BusyButton>
  );
  const tableColumns: DataTableColumn<Return>[] = [
    {
      header: columns.requested,
      className: 'whitespace-nowrap',
      cell: (item) => <time dateTime={item.createdAt}>{formatDay(item.createdAt)}</time>,
    },
    {
      header: columns.customer,
      className: WRAPS,
      cell: (item) => (
        <div className="flex flex-col">
          <span className="font-medium">{item.customerName}</span>
          {/* A long address is cut short where it is a table, whole in its tooltip; a card shows it whole. */}
          <span className="text-sm text-base-content/80 wrap-anywhere @2xl:max-w-44 @2xl:truncate" title={item.email}>
            {item.email}
          </span>
        </div>
      ),
    },
    { header: columns.part, className: `${WRAPS} @2xl:min-w-40`, cell: (item) => copy.part(item.quantity, item.orderQuantity, item.toolName) },
    {
      header: columns.reason,
      className: `${WRAPS} @2xl:min-w-40`,
      cell: (item) => (
        <div className="flex flex-col gap-0.5">
          <span>{item.reason}</span>
          {item.comment && <span className="text-sm text-base-content/80 wrap-anywhere whitespace-pre-line">{item.comment}</span>}
        </div>
      ),
    },
    { header: columns.state, cell: (item) => <ReturnState item={item} /> },
    {
      header: columns.actions,
      optional: true,
      cell: (item) => {
        switch (item.status) {
          case 'requested':
            return (
              <div className="flex flex-wrap gap-2">
                {action(item, copy.approve, onApprove, 'btn-primary')}
                {action(item, copy.reject, onReject, DANGER_OUTLINE)}
              </div>
            );
          case 'approved':
            return action(item, copy.receive, onReceive, 'btn-primary');
          case 'received':
            return onRefund ? action(item, copy.refund, onRefund, 'btn-primary') : null;
          default:
            return null;
        }
      },
    },
  ];
  return (
    <DataTable
      label={copy.tableLabel}
      indexHeader={columns.order}
      rowHeader={(item) => <span className="whitespace-nowrap">{formatOrderNumber(item.orderNumber)}</span>}
      columns={tableColumns}
      rows={returns}
      rowKey={(item) => item._id}
      busyKey={busyId}
      rowTestId="return-row"
      fitsFrom="2xl"
    />
  );
}
