import { MessagesPage } from '@/features/admin-messages/components/messages-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/messages: staff and admins. */
export function MessagesRoute() {
  return (
    <Authorization allow={dashboardAccess.messages}>
      <MessagesPage />
    </Authorization>
  );
}
