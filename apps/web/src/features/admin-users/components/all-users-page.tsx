import { useUsers } from '@/api/users/get-users';
import { useMakeAdmin } from '@/api/users/make-admin';
import { useRemoveUser } from '@/api/users/remove-user';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { adminUsersCopy as copy } from '../copy';
import { UsersTable, type PendingAction } from './users-table';

/** The admin's list of accounts, with make-admin and removal. */
export function AllUsersPage({ currentEmail }: { currentEmail: string }) {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const promotion = useConfirmedAction({
    action: (email: string) => makeAdmin.mutateAsync(email),
    key: (email) => email,
    done: copy.madeAdmin,
    failed: copy.makeAdminFailed,
    changed: ({ modifiedCount }) => modifiedCount > 0,
    // SPEC's words when the right is missing; otherwise the shop's reason, e.g. an unconfirmed address.
    refusal: (error) => (isApiError(error) ? (error.status === 403 ? copy.makeAdminFailed : error.message) : copy.failed),
  });
  const removal = useConfirmedAction({
    action: (email: string) => removeUser.mutateAsync(email),
    key: (email) => email,
    done: copy.deleted,
    failed: copy.failed,
  });
  const pending: PendingAction =
    promotion.busyKey !== null
      ? { email: promotion.busyKey, action: 'make-admin' }
      : removal.busyKey !== null
        ? { email: removal.busyKey, action: 'remove' }
        : null;

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      {users.isPending ? (
        <PageLoader label={copy.loading} />
      ) : users.isError ? (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void users.refetch()} isRetrying={users.isRefetching} />
      ) : (
        <UsersTable users={users.data} currentEmail={currentEmail} pending={pending} onMakeAdmin={promotion.run} onRemove={removal.ask} />
      )}
      <ConfirmDialog
        {...removal.dialog}
        heading={copy.confirm.heading}
        text={removal.confirming ? copy.confirm.text(removal.confirming) : ''}
        confirmLabel={copy.confirm.confirm}
        cancelLabel={copy.confirm.cancel}
      />
    </div>
  );
}
