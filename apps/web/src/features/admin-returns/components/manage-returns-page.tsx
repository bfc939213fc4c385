import { RETURN_STATUSES, type Return, type ReturnStatus } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useReturns } from '@/api/returns/get-returns';
import { useUpdateReturn } from '@/api/returns/update-return';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { StatusFilter } from '@/components/ui/status-filter';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { useSearchParam } from '@/hooks/use-search-param';
import { useViewer } from '@/lib/access';
import { ApiError, isApiError } from '@/lib/api-client';
import { toastedSave } from '@/lib/toasted-save';
import { parsePageParam, withPage } from '@/utils/page-param';
import { adminReturnsCopy as copy } from '../copy';
import { RefundDialog, type RefundValues } from './refund-dialog';
import { RejectDialog, type RejectValues } from './reject-dialog';
import { ReturnsTable } from './returns-table';

const isStatus = (value: string | null): value is ReturnStatus => RETURN_STATUSES.some((status) => status === value);

/** The shop's refusal of a refund's amount (above what is left of the payment), said under the amount rather than the form. */
const REFUND_TOO_LARGE = 'REFUND_TOO_LARGE';
const underAmount = (error: unknown) =>
  isApiError(error) && error.code === REFUND_TOO_LARGE
    ? new ApiError({ status: error.status, code: error.code, message: error.message, fieldErrors: { amount: [error.message] }, requestId: error.requestId })
    : error;

/**
 * /dashbord/returns: the customers' returns newest first, a page at a time, of one status and
 * those the search finds (all of it in the address, so a view can be shared or come back to),
 * each with its next step: approve or reject a request, mark an approved one received, refund
 * one received.
 */
export function ManageReturnsPage() {
  const [q, setQ, [searchParams, changeParams]] = useSearchParam();
  const statusParam = searchParams.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = parsePageParam(searchParams.get('page'));
  const returns = useReturns({ status, q, page });
  const answer = returns.data;
  const pageCount = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : undefined;

  const showPage = (next: number) => changeParams((current) => withPage(current, next));
  const showStatus = (next: string) =>
    changeParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (isStatus(next)) params.set('status', next);
      else params.delete('status');
      return params;
    });
  // A page past the end (e.g. the last return of the last page refunded away from a filter) shows the last one.
  const lastPage = pageCount !== undefined && !returns.isPlaceholderData ? pageCount - 1 : undefined;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) changeParams((current) => withPage(current, lastPage));
  }, [page, lastPage, changeParams]);

  const updateReturn = useUpdateReturn();
  // Refunds are the admin's: staff approve, reject and receive (SPEC-3 section 7). The page's guard knows the viewer before it shows.
  const refunds = useViewer() !== 'staff';
  // A refusal says the shop's reason, e.g. another admin took the step first.
  const approving = useConfirmedAction({
    action: (item: Return) => updateReturn.mutateAsync({ returnId: item._id, step: { action: 'approve' } }),
    key: (item) => item._id,
    done: copy.approved,
    failed: copy.failed,
    question: { ...copy.confirmApprove, text: (item) => copy.confirmApprove.text(item.quantity, item.toolName, item.customerName) },
  });
  const receiving = useConfirmedAction({
    action: (item: Return) => updateReturn.mutateAsync({ returnId: item._id, step: { action: 'receive' } }),
    key: (item) => item._id,
    done: copy.received,
    failed: copy.failed,
    question: { ...copy.confirmReceive, text: (item) => copy.confirmReceive.text(item.quantity, item.toolName, item.customerName) },
  });
  const [rejecting, setRejecting] = useState<Return | null>(null);
  const [refunding, setRefunding] = useState<Return | null>(null);
  const reject = (item: Return, { reason }: RejectValues) =>
    toastedSave({ done: copy.rejectDialog.done, failed: copy.rejectDialog.failed }, async () => {
      await updateReturn.mutateAsync({ returnId: item._id, step: { action: 'reject', reason } });
      return true;
    });
  const refund = (item: Return, { amount, restock }: RefundValues) =>
    toastedSave({ done: copy.refundDialog.done, failed: copy.refundDialog.failed }, async () => {
      try {
        await updateReturn.mutateAsync({ returnId: item._id, step: { action: 'refund', amount, restock } });
      } catch (error) {
        throw underAmount(error);
      }
      return true;
    });

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter statuses={RETURN_STATUSES} copy={copy.statusFilter} value={status} onChange={showStatus} />
        <div className="min-w-64 flex-1">
          <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
        </div>
      </div>
      {answer && (
        <p className="text-sm text-base-content/80" aria-live="polite">
          {copy.count(answer.total)}
        </p>
      )}
      <QueryView query={returns} copy={copy}>
        {({ returns: rows }) =>
          rows.length === 0 && page === 0 ? (
            <EmptyState text={q ? copy.noneFound(q) : status ? copy.noneOfStatus : copy.empty} />
          ) : (
            <>
              <ReturnsTable
                returns={rows}
                onApprove={approving.ask}
                onReject={setRejecting}
                onReceive={receiving.ask}
                onRefund={refunds ? setRefunding : undefined}
                busyId={approving.busyKey ?? receiving.busyKey}
              />
              <Pager page={page} pageCount={pageCount} onPageChange={showPage} labels={copy.pager} disabled={returns.isPlaceholderData} />
            </>
          )
        }
      </QueryView>
      <ConfirmDialog {...approving.dialog} />
      <ConfirmDialog {...receiving.dialog} />
      <RejectDialog item={rejecting} onSave={reject} onClose={() => setRejecting(null)} />
      <RefundDialog item={refunding} onSave={refund} onClose={() => setRefunding(null)} />
    </div>
  );
}
