import type { accountMessageSchema, ChangePasswordInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * POST /account/password: the current password proves it is the owner; this session (and so the
 * stored token) stays and every other one ends. A wrong or repeated password is refused under its field.
 */
export const changePassword = (input: ChangePasswordInput) => api.post<z.infer<typeof accountMessageSchema>>('/account/password', { body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
