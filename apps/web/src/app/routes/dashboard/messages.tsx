import { MessagesPage } from '@/features/admin-messages/components/messages-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/messages: admins only. */
export function MessagesRoute() {
  return (
    <Authorization allow="admin">
      <MessagesPage />
    </Authorization>
  );
}
