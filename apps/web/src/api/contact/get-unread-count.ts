import type { contactUnreadSchema } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A new message shows in the menu within this long while the dashboard is open. */
const UNREAD_REFRESH_MS = 60_000;

/** GET /contact-messages/unread (admin): how many contact messages nobody has read yet. */
export const getUnreadCount = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<z.infer<typeof contactUnreadSchema>>('/contact-messages/unread', { signal });

export const useUnreadCount = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: queryKeys.contactMessages.unread,
    queryFn: ({ signal }) => getUnreadCount({ signal }),
    select: (answer) => answer.unread,
    enabled,
    refetchInterval: UNREAD_REFRESH_MS,
  });
