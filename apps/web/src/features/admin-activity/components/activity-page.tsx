import { ACTIVITY_PAGE_SIZE } from '@shop/shared';
import { useActivity } from '@/api/activity/get-activity';
import { useSettings } from '@/api/settings/get-settings';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { useSearchParam } from '@/hooks/use-search-param';
import { isApiError } from '@/lib/api-client';
import { parsePageParam, withPage } from '@/utils/page-param';
import { activityCopy as copy } from '../copy';
import { ActivityFilters, NO_FILTERS, type ActivityFilterValues } from './activity-filters';
import { ActivityTable } from './activity-table';

const FILTER_NAMES = Object.keys(NO_FILTERS) as (keyof ActivityFilterValues)[];

/** The shop's refusal of the filters (400), by the filter it names. */
const refusedFilters = (error: unknown): Partial<Record<keyof ActivityFilterValues | 'q', string>> | null => {
  if (!isApiError(error) || error.status !== 400 || !error.fieldErrors) return null;
  const named: Partial<Record<keyof ActivityFilterValues | 'q', string>> = {};
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    if ((FILTER_NAMES as string[]).includes(name) || name === 'q') named[name as keyof ActivityFilterValues | 'q'] = messages?.[0];
  }
  return named;
};

/**
 * /dashbord/activity (SPEC-3 section 7): every change an admin or staff member made, newest
 * first, a page at a time; by person, action and days, and the words searched for. Everything
 * is in the address, so a view can be shared or come back to.
 */
export function ActivityPage() {
  const [q, setQ, [searchParams, changeParams]] = useSearchParam();
  const filters: ActivityFilterValues = {
    person: searchParams.get('person') ?? '',
    action: searchParams.get('action') ?? '',
    from: searchParams.get('from') ?? '',
    to: searchParams.get('to') ?? '',
  };
  const page = parsePageParam(searchParams.get('page'));
  const activity = useActivity({ ...filters, q, page });
  const timeZone = useSettings().data?.timeZone;
  const refused = activity.isError ? refusedFilters(activity.error) : null;

  const applyFilters = (next: ActivityFilterValues) =>
    changeParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      for (const name of FILTER_NAMES) {
        if (next[name]) params.set(name, next[name]);
        else params.delete(name);
      }
      return params;
    });
  const showPage = (next: number) => changeParams((current) => withPage(current, next));
  const filtered = FILTER_NAMES.some((name) => filters[name] !== '') || q !== '';

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div>
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        <p className="mt-1 text-sm text-base-content/80">{copy.intro}</p>
      </div>
      <ActivityFilters value={filters} onApply={applyFilters} errors={refused ?? {}} />
      <div className="flex flex-col gap-1.5">
        <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
        {refused?.q && <p className="text-sm font-medium text-red-700">{refused.q}</p>}
      </div>
      <QueryView query={activity} copy={copy} failure={(error) => (refusedFilters(error) ? <EmptyState text={copy.refused} /> : null)}>
        {({ entries, more }) =>
          entries.length === 0 && page === 0 ? (
            <EmptyState text={filtered ? copy.noneFound : copy.empty} />
          ) : (
            <>
              <ActivityTable entries={entries} firstIndex={page * ACTIVITY_PAGE_SIZE + 1} timeZone={timeZone} />
              <Pager page={page} hasNext={more} onPageChange={showPage} labels={copy.pager} disabled={activity.isPlaceholderData} />
            </>
          )
        }
      </QueryView>
    </div>
  );
}
