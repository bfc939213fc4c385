import type { AccountSettings } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /account: the signed-in account's email and whether it has a password (one made with Google may not). */
export const getAccountSettings = ({ signal }: { signal?: AbortSignal } = {}) => api.get<AccountSettings>('/account', { signal });

/** Under the session's root: it describes the signed-in account and goes with the session. */
export const accountSettingsQuery = () =>
  queryOptions({ queryKey: queryKeys.account, queryFn: ({ signal }) => getAccountSettings({ signal }) });

export const useAccountSettings = () => useQuery(accountSettingsQuery());
