import { ACTIVITY_ACTIONS, type ActivityChange, type ActivityEntry } from '@shop/shared';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatDayAndTimeIn, formatPrice } from '@/utils/format';
import { activityCopy as copy } from '../copy';

/** The logged fields that are sums of money, in dollars as the API gives them. */
const MONEY_FIELDS = new Set(['price', 'amount', 'total', 'refundAmount', 'subtotal', 'shipping', 'tax']);

const shown = (field: string, value: ActivityChange['before']): string => {
  if (value === null || value === '') return copy.none;
  if (typeof value === 'boolean') return value ? copy.yes : copy.no;
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatPrice(value);
  return String(value);
};

/** 'price: $10.00 -> $12.00', one line per changed field. */
export const changeText = ({ field, before, after }: ActivityChange) => copy.change(field, shown(field, before), shown(field, after));

function RecordCell({ entry }: { entry: ActivityEntry }) {
  const { record } = entry;
  // A deleted part has no page to open any more.
  if (record.type === 'product' && entry.action !== 'product.deleted') {
    return (
      <Link to={paths.dashboard.updateProduct.getHref(record.id)} className="link link-primary wrap-anywhere">
        {record.label}
      </Link>
    );
  }
  return <span className="wrap-anywhere">{record.label}</span>;
}

function ChangesCell({ entry }: { entry: ActivityEntry }) {
  if (entry.changes.length === 0 && !entry.summary) return null;
  return (
    <div className="flex flex-col gap-0.5">
      {entry.summary && <span>{entry.summary}</span>}
      {entry.changes.length > 0 && (
        <ul className="flex flex-col gap-0.5">
          {entry.changes.map((change) => (
            <li key={change.field} className="tabular-nums wrap-anywhere">
              {changeText(change)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface ActivityTableProps {
  entries: readonly ActivityEntry[];
  /** The number of the first row: rows are counted across pages. */
  firstIndex: number;
  /** The shop's time zone, in which times are shown. */
  timeZone: string | undefined;
}

/** The log's entries, a row each where the room allows and a card each on phones: when, who, what, on which record, and the fields before and after. */
export function ActivityTable({ entries, firstIndex, timeZone }: ActivityTableProps) {
  const { columns } = copy;
  const tableColumns: DataTableColumn<ActivityEntry>[] = [
    {
      header: columns.when,
      className: 'whitespace-nowrap tabular-nums',
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDayAndTimeIn(entry.createdAt, timeZone)}</time>,
    },
    {
      header: columns.who,
     
      cell: (entry) => (
        <div className="flex flex-col">
          <span className="font-medium wrap-anywhere" title={entry.actor.email}>
            {entry.actor.name}
          </span>
          <span className="text-sm text-base-content/80">{copy.roles[entry.actor.role] ?? entry.actor.role}</span>
        </div>
      ),
    },
    { header: columns.action, cell: (entry) => ACTIVITY_ACTIONS[entry.action] },
    { header: columns.record, cell: (entry) => <RecordCell entry={entry} /> },
    { header: columns.changes, optional: true, cell: (entry) => <ChangesCell entry={entry} /> },
  ];
  return (
    <DataTable
      label={copy.tableLabel}
      indexHeader={columns.index}
      firstIndex={firstIndex}
      columns={tableColumns}
      rows={entries}
      rowKey={(entry) => entry._id}
      rowTestId="activity-row"
      fitsFrom="3xl"
    />
  );
}
