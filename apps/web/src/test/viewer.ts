import type { QueryClient } from '@tanstack/react-query';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { queryKeys } from '@/lib/query-keys';
import { buildSession } from './fixtures';

/** Signs the test's app in as a customer, staff member or admin, without asking the server: the session and its role already cached. */
export function signedInAs(queryClient: QueryClient, role: 'user' | 'staff' | 'admin') {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, `token-${role}`);
  const session = buildSession({ email: `${role}@example.com`, role });
  queryClient.setQueryData(queryKeys.session, session);
  queryClient.setQueryData(queryKeys.users.adminStatus(session.user.email), { admin: role === 'admin', staff: role === 'staff' });
  return queryClient;
}
