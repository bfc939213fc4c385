import type { accountMessageSchema, ChangeEmailInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * POST /account/email: the new address gets a link that changes the email once opened, so
 * nothing changes yet; the answer says where the link went. A taken or unchanged address is
 * refused under `newEmail`.
 */
export const changeEmail = (input: ChangeEmailInput) => api.post<z.infer<typeof accountMessageSchema>>('/account/email', { body: input });

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
