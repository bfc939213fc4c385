import type { User } from '@shop/shared';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { adminUsersCopy as copy } from '../copy';

export type PendingAction = { email: string; action: 'make-admin' | 'remove' } | null;

interface UsersTableProps {
  users: User[];
  /** The admin looking at the table, marked in their own row. */
  currentEmail: string;
  onMakeAdmin: (email: string) => void;
  /** Asks to remove; the page confirms before anything happens. */
  onRemove: (email: string) => void;
  pending?: PendingAction;
}

/** SPEC's All Users table: 'make Admin' only for accounts that are not admins yet. */
export function UsersTable({ users, currentEmail, onMakeAdmin, onRemove, pending = null }: UsersTableProps) {
  if (users.length === 0) return <p className="py-8 text-center">{copy.empty}</p>;
  const { columns } = copy;
  const tableColumns: DataTableColumn<User>[] = [
    {
      header: columns.name,
      className: '@xl:max-w-56',
      cell: (user) => (
        <>
          {user.name}
          {user.email === currentEmail && <span className="badge badge-neutral badge-sm ml-2">{copy.you}</span>}
        </>
      ),
    },
    { header: columns.email, className: 'break-all', cell: (user) => user.email },
    { header: columns.role, cell: (user) => user.role },
    {
      header: columns.actions,
      cell: (user) => {
        // One change at a time per account: both buttons wait while either runs.
        const running = pending?.email === user.email ? pending.action : null;
        return (
          <div className="flex flex-wrap gap-2">
            {user.role !== 'admin' && (
              <BusyButton
                className="btn-primary"
                aria-label={copy.makeAdminFor(user.email)}
                busy={running === 'make-admin'}
                disabled={running !== null}
                onClick={() => onMakeAdmin(user.email)}
              >
                {copy.makeAdmin}
              </BusyButton>
            )}
            <BusyButton
              className="btn-outline btn-error"
              aria-label={copy.removeFor(user.email)}
              busy={running === 'remove'}
              disabled={running !== null}
              onClick={() => onRemove(user.email)}
            >
              {copy.remove}
            </BusyButton>
          </div>
        );
      },
    },
  ];
  return (
    <DataTable
      label={copy.tableLabel}
      indexHeader={columns.index}
      columns={tableColumns}
      rows={users}
      rowKey={(user) => user.email}
      busyKey={pending?.email ?? null}
      fitsFrom="xl"
    />
  );
}
