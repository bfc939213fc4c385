import { STOCK_HISTORY_PAGE_SIZE, type StockMovement } from '@shop/shared';
import { useState } from 'react';
import { useStockHistory } from '@/api/products/get-stock-history';
import { useSettings } from '@/api/settings/get-settings';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { formatDayAndTimeIn } from '@/utils/format';
import { adminProductsCopy } from '../copy';

const copy = adminProductsCopy.stockHistory;

/**
 * Update Product's 'Stock history' (SPEC-3 section 7): the part's stock movements newest first,
 * a page at a time, each with the reason the server words. Under the catalogue's query root, so a
 * save of the form (or any order) refreshes it.
 */
export function StockHistorySection({ productId }: { productId: string }) {
  const [page, setPage] = useState(0);
  const history = useStockHistory(productId, page);
  const timeZone = useSettings().data?.timeZone;
  const { columns } = copy;
  const tableColumns: DataTableColumn<StockMovement>[] = [
    {
      header: columns.when,
      className: 'whitespace-nowrap tabular-nums',
      cell: (movement) => <time dateTime={movement.createdAt}>{formatDayAndTimeIn(movement.createdAt, timeZone)}</time>,
    },
    {
      header: columns.change,
      headerClassName: 'text-right',
      className: 'tabular-nums font-medium @lg:text-right',
      cell: (movement) => copy.change(movement.change),
    },
    { header: columns.stockAfter, headerClassName: 'text-right', className: 'tabular-nums @lg:text-right', cell: (movement) => movement.stockAfter },
    { header: columns.reason, cell: (movement) => movement.reason },
  ];
  return (
    <section aria-labelledby="stock-history-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="stock-history-heading" className="text-2xl font-bold">
          {copy.heading}
        </h2>
        <p className="text-sm text-base-content/80">{copy.intro}</p>
      </div>
      <QueryView query={history} copy={copy}>
        {({ movements, more }) =>
          movements.length === 0 && page === 0 ? (
            <EmptyState text={copy.empty} />
          ) : (
            <>
              <DataTable
                label={copy.tableLabel}
                indexHeader={columns.index}
                firstIndex={page * STOCK_HISTORY_PAGE_SIZE + 1}
                columns={tableColumns}
                rows={movements}
                rowKey={(movement) => movement._id}
                rowTestId="stock-movement"
                fitsFrom="lg"
              />
              <Pager page={page} hasNext={more} onPageChange={setPage} labels={copy.pager} disabled={history.isPlaceholderData} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
