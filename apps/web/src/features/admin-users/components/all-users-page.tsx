import { useState } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveUser } from '../api/remove-user';
import { adminUsersCopy as copy } from '../copy';
import { RemoveUserDialog } from './remove-user-dialog';
import { UsersTable, type PendingAction } from './users-table';

const serverMessage = (error: unknown) => (isApiError(error) ? error.message : copy.failed);

/** The admin's list of accounts, with make-admin and removal. */
export function AllUsersPage({ currentEmail }: { currentEmail: string }) {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const [pending, setPending] = useState<PendingAction>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const promote = async (email: string) => {
    setPending({ email, action: 'make-admin' });
    try {
      const { modifiedCount } = await makeAdmin.mutateAsync(email);
      if (modifiedCount > 0) toast.success(copy.madeAdmin);
      else toast.error(copy.makeAdminFailed);
    } catch (error) {
      toast.error(isApiError(error) && error.status === 403 ? copy.makeAdminFailed : serverMessage(error));
    } finally {
      setPending(null);
    }
  };

  const remove = async (email: string) => {
    setConfirming(null);
    setPending({ email, action: 'remove' });
    try {
      await removeUser.mutateAsync(email);
      toast.success(copy.deleted(email));
    } catch (error) {
      toast.error(serverMessage(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      {users.isPending ? (
        <PageLoader label={copy.loading} />
      ) : users.isError ? (
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void users.refetch()} isRetrying={users.isRefetching} />
      ) : (
        <UsersTable
          users={users.data}
          currentEmail={currentEmail}
          pending={pending}
          onMakeAdmin={(email) => void promote(email)}
          onRemove={setConfirming}
        />
      )}
      <RemoveUserDialog email={confirming} onConfirm={(email) => void remove(email)} onCancel={() => setConfirming(null)} />
    </div>
  );
}
