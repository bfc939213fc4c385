import type { PublicSettings } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /settings: the shop's public settings (name, country, taxes in prices, cut-off, time zone, return window). */
export const getSettings = ({ signal }: { signal?: AbortSignal } = {}) => api.get<PublicSettings>('/settings', { signal });

export const settingsQuery = () => queryOptions({ queryKey: queryKeys.settings.public, queryFn: ({ signal }) => getSettings({ signal }) });

export const useSettings = () => useQuery(settingsQuery());
