import type { AdminUser } from '@shop/shared';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatDay } from '@/utils/format';
import { adminUsersCopy as copy } from '../copy';

export type UserAction = 'make-admin' | 'demote' | 'make-staff' | 'remove-staff' | 'remove';
export type PendingAction = { email: string; action: UserAction } | null;

interface UsersTableProps {
  users: AdminUser[];
  /** The admin looking at the table, marked in their own row, which offers no action. */
  currentEmail: string;
  /** Asks to act on an account; the page confirms before anything happens. */
  onAction: (action: UserAction, email: string) => void;
  pending?: PendingAction;
  /** Opens the account's 'Workshop' dialog. */
  onWorkshop: (user: AdminUser) => void;
}

/**
 * SPEC's All Users table with whether each address is confirmed, their purchases and when they
 * joined: 'make Admin' only for accounts that are not admins yet (disabled, with the reason, until
 * the address is confirmed), 'Remove admin' for the other admins, 'make Staff' for customers
 * (confirmed too) and 'Remove staff' for staff, with a 'Staff' badge; Remove for everyone but the
 * admin looking at it; and each account's 'Workshop' with its trade discount (SPEC-3 section 6).
 */
export function UsersTable({ users, currentEmail, onAction, onWorkshop, pending = null }: UsersTableProps) {
  if (users.length === 0) return <p className="py-8 text-center">{copy.empty}</p>;
  const { columns } = copy;
  const tableColumns: DataTableColumn<AdminUser>[] = [
    {
      header: columns.name,
      truncate: { width: '7rem', title: (user) => user.name },
      cell: (user) => (
        <>
          {user.name}
          {user.email === currentEmail && <span className="badge badge-neutral badge-sm ml-2">{copy.you}</span>}
          {user.role === 'staff' && <span className="badge badge-info badge-sm ml-2">{copy.staffBadge}</span>}
        </>
      ),
    },
    { header: columns.email, truncate: { width: '9rem', title: (user) => user.email }, cell: (user) => user.email },
    { header: columns.role, hideBelow: '4xl', cell: (user) => user.role },
    { header: columns.emailConfirmed, cell: (user) => (user.emailConfirmed ? copy.confirmed : copy.notConfirmed) },
    { header: columns.orders, hideBelow: '4xl', headerClassName: 'text-right', className: 'tabular-nums @xl:text-right', cell: (user) => user.orders },
    { header: columns.joined, hideBelow: '4xl', className: 'tabular-nums', cell: (user) => formatDay(user.joined) },
    {
      header: columns.actions,
      optional: true,
      cell: (user) => {
        if (user.email === currentEmail) return null;
        // One change at a time per account: its buttons wait while any of them runs.
        const running = pending?.email === user.email ? pending.action : null;
        const button = (action: UserAction, label: string, accessibleName: string, className: string, extra: { disabled?: boolean; describedBy?: string } = {}) => (
          <BusyButton
            className={className}
            aria-label={accessibleName}
            aria-describedby={extra.describedBy}
            busy={running === action}
            disabled={running !== null || extra.disabled}
            onClick={() => onAction(action, user.email)}
          >
            {label}
          </BusyButton>
        );
        // The shop refuses admin rights to an address nobody has confirmed: say so instead of offering it.
        const reasonId = `confirm-first-${user._id}`;
        const unconfirmed = user.role !== 'admin' && !user.emailConfirmed;
        return (
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap gap-2">
              {user.role === 'admin'
                ? button('demote', copy.demote, copy.demoteFor(user.email), 'btn-outline')
                : button('make-admin', copy.makeAdmin, copy.makeAdminFor(user.email), 'btn-primary', unconfirmed ? { disabled: true, describedBy: reasonId } : {})}
              {user.role === 'user' &&
                button('make-staff', copy.makeStaff, copy.makeStaffFor(user.email), 'btn-outline', unconfirmed ? { disabled: true, describedBy: reasonId } : {})}
              {user.role === 'staff' && button('remove-staff', copy.removeStaff, copy.removeStaffFor(user.email), 'btn-outline')}
              {button('remove', copy.remove, copy.removeFor(user.email), DANGER_OUTLINE)}
            </div>
            {unconfirmed && (
              <span id={reasonId} className="text-xs text-base-content/80">
                {copy.confirmFirst}
              </span>
            )}
            {/* Under the role's buttons rather than a column of its own: the table still fits beside the dashboard's menu at 1024 px. */}
            <div className="flex items-center gap-2">
              <button type="button" className="btn btn-outline btn-xs" aria-label={copy.workshop.editFor(user.email)} onClick={() => onWorkshop(user)}>
                {copy.workshop.edit}
              </button>
              {user.workshop && <span className="badge badge-accent badge-sm whitespace-nowrap">{copy.workshop.badge(user.tradeDiscount)}</span>}
            </div>
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
      fitsFrom="2xl"
      oneLine
    />
  );
}
