import { daysInRange, lastDays, LOW_STOCK_DAYS, SALES_RANGES, type SalesQuery, type SalesRange } from '@shop/shared';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { useBestSellers, useLowStock, useSalesRevenue, useSalesStatuses } from '@/api/sales/get-sales';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/page-loader';
import { QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { useAddressParams } from '@/hooks/use-address-params';
import { formatPrice, formatUtcDay } from '@/utils/format';
import { salesCopy as copy } from '../copy';

// The charting library loads with the chart, on this page only.
const RevenueChart = lazy(() => import('./revenue-chart'));

const DEFAULT_RANGE: SalesRange = 30;
const isRange = (value: number): value is SalesRange => SALES_RANGES.some((days) => days === value);

const Section = ({ heading, note, children }: { heading: string; note?: string; children: ReactNode }) => (
  <section className="card border border-base-300 bg-base-100" aria-label={heading}>
    <div className="card-body gap-4 p-4 sm:p-6">
      <h2 className="card-title text-xl">{heading}</h2>
      {note && <p className="text-sm text-base-content/80">{note}</p>}
      {children}
    </div>
  </section>
);

/**
 * /dashbord/sales: how the shop is doing over the last 7, 30 or 90 days (UTC, the range in the
 * address): revenue per day as a chart and a table, orders by status, the best sellers and the
 * parts running low, each section loading on its own.
 */
export function SalesPage() {
  const [searchParams, changeParams] = useAddressParams();
  const asked = Number(searchParams.get('days'));
  const days = isRange(asked) ? asked : DEFAULT_RANGE;
  // Today is read once per range chosen: the figures do not shift under the reader at midnight.
  const range: SalesQuery = useMemo(() => lastDays(days), [days]);
  const choose = (next: SalesRange) =>
    changeParams((current) => {
      const params = new URLSearchParams(current);
      if (next === DEFAULT_RANGE) params.delete('days');
      else params.set('days', String(next));
      return params;
    });

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{copy.heading}</h1>
          <p className="mt-1 text-sm text-base-content/80">
            {copy.range.span(formatUtcDay(range.from), formatUtcDay(range.to))}. {copy.intro}
          </p>
        </div>
        <div role="radiogroup" aria-label={copy.range.label} className="join">
          {SALES_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={option === days}
              className={`btn join-item btn-sm sm:btn-md ${option === days ? 'btn-primary' : 'btn-outline'}`}
              onClick={() => choose(option)}
            >
              {copy.range.option(option)}
            </button>
          ))}
        </div>
      </div>
      <Revenue range={range} />
      <Statuses range={range} />
      <BestSellers range={range} />
      <LowStock range={range} />
    </div>
  );
}

function Revenue({ range }: { range: SalesQuery }) {
  const revenue = useSalesRevenue(range);
  return (
    <QueryView query={revenue} copy={copy}>
      {({ days, totals }) => (
        <>
          <div className="stats stats-vertical w-full border border-base-300 bg-base-100 sm:stats-horizontal">
            <div className="stat">
              <div className="stat-title">{copy.totals.net}</div>
              <div className="stat-value text-2xl sm:text-3xl" data-testid="net-revenue">
                {formatPrice(totals.net)}
              </div>
              <div className="stat-desc">{copy.totals.netNote(formatPrice(totals.paid), formatPrice(totals.refunded))}</div>
            </div>
            <div className="stat">
              <div className="stat-title">{copy.totals.orders}</div>
              <div className="stat-value text-2xl sm:text-3xl">{totals.paidOrders.toLocaleString('en-US')}</div>
              <div className="stat-desc">{copy.totals.ordersNote(daysInRange(range.from, range.to))}</div>
            </div>
            <div className="stat">
              <div className="stat-title">{copy.totals.refunds}</div>
              <div className="stat-value text-2xl sm:text-3xl">{formatPrice(totals.refunded)}</div>
              <div className="stat-desc">{copy.totals.refundsNote(totals.refundedOrders)}</div>
            </div>
          </div>
          <Section heading={copy.revenue.heading}>
            <Suspense fallback={<PageLoader label={copy.revenue.chartLoading} />}>
              <RevenueChart days={days} label={copy.revenue.chartLabel(formatUtcDay(range.from), formatUtcDay(range.to), formatPrice(totals.net))} />
            </Suspense>
            <p className="text-sm" data-testid="tax-collected">
              <span className="font-medium">{copy.revenue.tax}</span> <span className="tabular-nums">{formatPrice(totals.tax)}</span>{' '}
              <span className="text-base-content/80">{copy.revenue.taxNote}</span>
            </p>
            {/* 90 days are a long table: it scrolls in its own box, which the keyboard can reach. */}
            <div className="max-h-96 overflow-y-auto" tabIndex={0} role="region" aria-label={copy.revenue.scrollLabel}>
              <DataTable
                label={copy.revenue.tableLabel}
                indexHeader={copy.revenue.day}
                rowHeader={(day) => formatUtcDay(day.day)}
                rows={[...days].reverse()}
                rowKey={(day) => day.day}
                rowTestId="revenue-day"
                fitsFrom="xl"
                columns={[
                  { header: copy.revenue.paidOrders, cell: (day) => day.paidOrders, className: 'tabular-nums' },
                  { header: copy.revenue.paid, cell: (day) => formatPrice(day.paid), className: 'tabular-nums' },
                  { header: copy.revenue.refunded, cell: (day) => formatPrice(day.refunded), className: 'tabular-nums' },
                  { header: copy.revenue.net, cell: (day) => formatPrice(day.net), className: 'tabular-nums font-medium' },
                ]}
              />
            </div>
          </Section>
        </>
      )}
    </QueryView>
  );
}

function Statuses({ range }: { range: SalesQuery }) {
  const statuses = useSalesStatuses(range);
  return (
    <Section heading={copy.statuses.heading} note={copy.statuses.note}>
      <QueryView query={statuses} copy={copy}>
        {({ statuses: rows }) => {
          const most = Math.max(1, ...rows.map((row) => row.orders));
          return (
            <DataTable
              label={copy.statuses.tableLabel}
              indexHeader={copy.statuses.status}
              rowHeader={(row) => copy.statuses.names[row.status]}
              rows={rows}
              rowKey={(row) => row.status}
              rowTestId="status-row"
              fitsFrom="xl"
              columns={[
                {
                  header: copy.statuses.orders,
                  cell: (row) => (
                    <div className="flex items-center gap-3">
                      <span className="w-14 text-right tabular-nums">{row.orders.toLocaleString('en-US')}</span>
                      <span aria-hidden="true" className="h-2 rounded-full bg-primary" style={{ width: `${(row.orders / most) * 60}%` }} />
                    </div>
                  ),
                },
              ]}
            />
          );
        }}
      </QueryView>
    </Section>
  );
}

function BestSellers({ range }: { range: SalesQuery }) {
  const best = useBestSellers(range);
  return (
    <Section heading={copy.bestSellers.heading}>
      <QueryView query={best} copy={copy}>
        {({ parts }) =>
          parts.length === 0 ? (
            <EmptyState text={copy.bestSellers.none} />
          ) : (
            <DataTable
              label={copy.bestSellers.tableLabel}
              indexHeader={copy.bestSellers.rank}
              rows={parts}
              rowKey={(part) => part.productId}
              rowTestId="best-seller"
              fitsFrom="xl"
              columns={[
                { header: copy.bestSellers.part, cell: (part) => <Link className="link" to={paths.part.getHref(part.productId)}>{part.name}</Link> },
                { header: copy.bestSellers.partNumber, cell: (part) => part.partNumber, optional: true },
                { header: copy.bestSellers.sold, cell: (part) => part.quantity.toLocaleString('en-US'), className: 'tabular-nums' },
                { header: copy.bestSellers.revenue, cell: (part) => formatPrice(part.revenue), className: 'tabular-nums' },
              ]}
            />
          )
        }
      </QueryView>
    </Section>
  );
}

function LowStock({ range }: { range: SalesQuery }) {
  const low = useLowStock(range);
  return (
    <Section heading={copy.lowStock.heading} note={copy.lowStock.note(LOW_STOCK_DAYS)}>
      <QueryView query={low} copy={copy}>
        {({ parts }) =>
          parts.length === 0 ? (
            <EmptyState text={copy.lowStock.none} />
          ) : (
            <DataTable
              label={copy.lowStock.tableLabel}
              indexHeader={copy.bestSellers.rank}
              rows={parts}
              rowKey={(part) => part.productId}
              rowTestId="low-stock"
              fitsFrom="xl"
              oneLine
              columns={[
                { header: copy.lowStock.part, truncate: { width: '10rem', title: (part) => part.name }, cell: (part) => <Link className="link" to={paths.dashboard.updateProduct.getHref(part.productId)}>{part.name}</Link> },
                { header: copy.lowStock.inStock, cell: (part) => part.quantity.toLocaleString('en-US'), className: 'tabular-nums' },
                { header: copy.lowStock.minimum, cell: (part) => part.minimum, className: 'tabular-nums' },
                { header: copy.lowStock.sold, cell: (part) => part.sold.toLocaleString('en-US'), className: 'tabular-nums' },
                {
                  header: copy.lowStock.runsOut,
                  cell: (part) =>
                    part.quantity < part.minimum ? <span className="badge badge-error badge-sm">{copy.lowStock.outOfStock}</span> : copy.lowStock.inDays(part.daysLeft),
                },
              ]}
            />
          )
        }
      </QueryView>
    </Section>
  );
}
