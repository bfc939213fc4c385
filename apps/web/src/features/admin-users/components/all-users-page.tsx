import type { AdminUser } from '@shop/shared';
import { useState } from 'react';
import { useDemoteAdmin } from '@/api/users/demote-admin';
import { useUsers } from '@/api/users/get-users';
import { useMakeAdmin } from '@/api/users/make-admin';
import { useMakeStaff } from '@/api/users/make-staff';
import { useRemoveStaff } from '@/api/users/remove-staff';
import { useRemoveUser } from '@/api/users/remove-user';
import { useSetWorkshop } from '@/api/users/set-workshop';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { TableSearch } from '@/components/ui/table-search';
import { isApiError } from '@/lib/api-client';
import { refusedOutcome } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { useSearchParam } from '@/hooks/use-search-param';
import { adminUsersCopy as copy } from '../copy';
import { UsersTable, type PendingAction, type UserAction } from './users-table';
import { WorkshopDialog } from './workshop-dialog';

/** The admin's list of accounts: make admin, remove admin rights, make staff, remove staff rights, remove (each asked first), and workshops with their trade discount. */
export function AllUsersPage({ currentEmail }: { currentEmail: string }) {
  const [q, setQ] = useSearchParam();
  const users = useUsers(q);
  const makeAdmin = useMakeAdmin();
  const demoteAdmin = useDemoteAdmin();
  const removeUser = useRemoveUser();
  const makeStaff = useMakeStaff();
  const removeStaff = useRemoveStaff();
  const setWorkshop = useSetWorkshop();
  const [workshopOf, setWorkshopOf] = useState<AdminUser | null>(null);
  const promotion = useConfirmedAction({
    action: (email: string) => makeAdmin.mutateAsync(email),
    key: (email) => email,
    done: copy.madeAdmin,
    failed: copy.makeAdminFailed,
    changed: ({ modifiedCount }) => modifiedCount > 0,
    // SPEC's words when the right is missing; otherwise the shop's reason, e.g. an unconfirmed address.
    refusal: (error) => (isApiError(error) ? (error.status === 403 ? copy.makeAdminFailed : error.message) : copy.failed),
    question: copy.confirmMakeAdmin,
  });
  const demotion = useConfirmedAction({
    action: (email: string) => demoteAdmin.mutateAsync(email),
    key: (email) => email,
    done: copy.demoted,
    failed: copy.demoteFailed,
    changed: ({ modifiedCount }) => modifiedCount > 0,
    question: copy.confirmDemote,
  });
  const staffing = useConfirmedAction({
    action: (email: string) => makeStaff.mutateAsync(email),
    key: (email) => email,
    done: copy.madeStaff,
    failed: copy.makeStaffFailed,
    changed: ({ modifiedCount }) => modifiedCount > 0,
    // The shop's reason when it refuses, e.g. an unconfirmed address.
    refusal: (error) => (isApiError(error) ? (error.status === 403 ? copy.makeStaffFailed : error.message) : copy.failed),
    question: copy.confirmMakeStaff,
  });
  const unstaffing = useConfirmedAction({
    action: (email: string) => removeStaff.mutateAsync(email),
    key: (email) => email,
    done: copy.staffRemoved,
    failed: copy.removeStaffFailed,
    changed: ({ modifiedCount }) => modifiedCount > 0,
    question: copy.confirmRemoveStaff,
  });
  const removal = useConfirmedAction({
    action: (email: string) => removeUser.mutateAsync(email),
    key: (email) => email,
    done: copy.deleted,
    failed: copy.failed,
    question: copy.confirm,
  });
  const actions = { 'make-admin': promotion, demote: demotion, 'make-staff': staffing, 'remove-staff': unstaffing, remove: removal } satisfies Record<UserAction, unknown>;
  const running = (Object.keys(actions) as UserAction[]).find((name) => actions[name].busyKey !== null);
  const pending: PendingAction = running ? { email: actions[running].busyKey!, action: running } : null;

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <TableSearch label={copy.search} placeholder={copy.searchPlaceholder} value={q} onSearch={setQ} />
      <QueryView query={users} copy={copy}>
        {(rows) =>
          rows.length === 0 && q ? <EmptyState text={copy.noneFound(q)} /> : (
            <UsersTable users={rows} currentEmail={currentEmail} pending={pending} onAction={(action, email) => actions[action].ask(email)} onWorkshop={setWorkshopOf} />
          )
        }
      </QueryView>
      <WorkshopDialog
        user={workshopOf}
        onClose={() => setWorkshopOf(null)}
        onSave={async (user, values) => {
          try {
            const saved = await setWorkshop.mutateAsync({ email: user.email, ...values });
            toast.success(copy.workshop.saved(user.email, saved.workshop ? saved.tradeDiscount : null));
            return { saved: true };
          } catch (error) {
            toast.error(isApiError(error) && !error.fieldErrors ? error.message : copy.workshop.failed);
            return refusedOutcome(error, copy.workshop.failed);
          }
        }}
      />
      {Object.entries(actions).map(([name, action]) => (
        <ConfirmDialog key={name} {...action.dialog} />
      ))}
    </div>
  );
}
