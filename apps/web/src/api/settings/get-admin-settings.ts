import type { ShopSettings } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/settings (admin): every setting, for the Settings page. */
export const getAdminSettings = ({ signal }: { signal?: AbortSignal } = {}) => api.get<ShopSettings>('/admin/settings', { signal });

export const useAdminSettings = () => useQuery({ queryKey: queryKeys.settings.admin, queryFn: ({ signal }) => getAdminSettings({ signal }) });
