import { pagerLabels } from '@/components/ui/pager';

/** Every text of the admin's Activity page (SPEC-3 section 7). */
export const activityCopy = {
  documentTitle: 'Activity | Moto Parts',
  heading: 'Activity',
  intro: 'Every change an admin or staff member made, newest first. Nothing here can be edited or deleted.',
  loading: 'Loading the activity',
  loadFailed: 'The activity could not be loaded.',
  retry: 'Try again',
  /** A filter the shop refused: its reason is said under it. */
  refused: 'Change the filters above to see the activity.',
  empty: 'No changes yet.',
  noneFound: 'No changes match these filters.',
  search: 'Search the activity',
  searchPlaceholder: 'Part, order, person or summary',
  filters: {
    label: 'Filter the activity',
    person: 'Person',
    personPlaceholder: 'Email address',
    action: 'Action',
    anyAction: 'Every action',
    from: 'From',
    to: 'To',
    apply: 'Filter',
    clear: 'Clear filters',
  },
  tableLabel: 'Activity',
  pager: pagerLabels('Activity pages'),
  columns: {
    index: '#',
    when: 'When',
    who: 'Who',
    action: 'Action',
    record: 'Record',
    changes: 'Changes',
  },
  roles: { admin: 'Admin', staff: 'Staff', user: 'Customer' } as Record<string, string>,
  /** 'price: $10.00 -> $12.00' */
  change: (field: string, before: string, after: string) => `${field}: ${before} -> ${after}`,
  none: '—',
  yes: 'yes',
  no: 'no',
} as const;
