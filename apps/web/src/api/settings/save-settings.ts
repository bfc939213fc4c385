import type { ShopSettings, ShopSettingsInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /settings (admin): every setting at once; answers them as saved. */
export const saveSettings = (settings: ShopSettingsInput) => api.put<ShopSettings>('/settings', { body: settings });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.settings.admin, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.all }),
  });
}
