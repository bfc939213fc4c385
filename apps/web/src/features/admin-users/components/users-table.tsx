import type { User } from '@shop/shared';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { adminUsersCopy as copy } from '../copy';

export type UserAction = 'make-admin' | 'demote' | 'remove';
export type PendingAction = { email: string; action: UserAction } | null;

interface UsersTableProps {
  users: User[];
  /** The admin looking at the table, marked in their own row, which offers no action. */
  currentEmail: string;
  /** Asks to act on an account; the page confirms before anything happens. */
  onAction: (action: UserAction, email: string) => void;
  pending?: PendingAction;
}

/**
 * SPEC's All Users table: 'make Admin' only for accounts that are not admins yet, 'Remove admin'
 * for the other admins, Remove for everyone but the admin looking at it.
 */
export function UsersTable({ users, currentEmail, onAction, pending = null }: UsersTableProps) {
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
    { header: columns.email, cell: (user) => user.email },
    { header: columns.role, cell: (user) => user.role },
    {
      header: columns.actions,
      optional: true,
      cell: (user) => {
        if (user.email === currentEmail) return null;
        // One change at a time per account: its buttons wait while any of them runs.
        const running = pending?.email === user.email ? pending.action : null;
        const button = (action: UserAction, label: string, accessibleName: string, className: string) => (
          <BusyButton
            className={className}
            aria-label={accessibleName}
            busy={running === action}
            disabled={running !== null}
            onClick={() => onAction(action, user.email)}
          >
            {label}
          </BusyButton>
        );
        return (
          <div className="flex flex-wrap gap-2">
            {user.role === 'admin'
              ? button('demote', copy.demote, copy.demoteFor(user.email), 'btn-outline')
              : button('make-admin', copy.makeAdmin, copy.makeAdminFor(user.email), 'btn-primary')}
            {button('remove', copy.remove, copy.removeFor(user.email), DANGER_OUTLINE)}
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
