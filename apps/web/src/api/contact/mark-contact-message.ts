import type { modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /contact-messages/{id} (admin): marks a message read or unread. */
export const markContactMessage = ({ id, read }: { id: string; read: boolean }) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/contact-messages/${encodeURIComponent(id)}`, { body: { read } });

export const useMarkContactMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.contactMessages.all }),
  });
};
