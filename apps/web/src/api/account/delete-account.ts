import type { accountMessageSchema, DeleteAccountRequest } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/**
 * DELETE /account, confirmed with the password (an account without one sends none: its recent
 * sign-in confirms it): the account and its sessions are gone once it answers, so the caller signs
 * this browser out without asking the shop again.
 */
export const deleteAccount = (input: DeleteAccountRequest) =>
  apiRequest<z.infer<typeof accountMessageSchema>>('/account', { method: 'DELETE', body: input });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
