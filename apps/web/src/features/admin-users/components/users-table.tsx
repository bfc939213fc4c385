import type { User } from '@shop/shared';
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
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table min-w-xl">
        <thead>
          <tr>
            <th scope="col">{copy.columns.index}</th>
            <th scope="col">{copy.columns.name}</th>
            <th scope="col">{copy.columns.email}</th>
            <th scope="col">{copy.columns.role}</th>
            <th scope="col">{copy.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user, index) => {
            const busy = pending?.email === user.email;
            return (
              <tr key={user._id}>
                <th scope="row">{index + 1}</th>
                <td className="max-w-56 break-words">
                  {user.name}
                  {user.email === currentEmail && <span className="badge badge-neutral badge-sm ml-2">{copy.you}</span>}
                </td>
                <td className="break-all">{user.email}</td>
                <td>{user.role}</td>
                <td>
                  <div className="flex flex-wrap gap-2">
                    {user.role !== 'admin' && (
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        aria-label={copy.makeAdminFor(user.email)}
                        disabled={busy}
                        onClick={() => onMakeAdmin(user.email)}
                      >
                        {busy && pending?.action === 'make-admin' && (
                          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                        )}
                        {copy.makeAdmin}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm"
                      aria-label={copy.removeFor(user.email)}
                      disabled={busy}
                      onClick={() => onRemove(user.email)}
                    >
                      {busy && pending?.action === 'remove' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {copy.remove}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
