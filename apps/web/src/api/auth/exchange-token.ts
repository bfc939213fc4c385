import type { tokenAnswerSchema } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { setAccessToken } from '@/lib/access-token';
import { api } from '@/lib/api-client';
import { getSessionQueryOptions } from '@/lib/session';

/** PUT /user/{email}: trades the identity session cookie of this email for the API's bearer token. */
export const exchangeToken = (email: string) =>
  api.put<z.infer<typeof tokenAnswerSchema>>(`/user/${encodeURIComponent(email)}`, { body: { email } });

/**
 * The last step of every sign-in (password or Google): store the token and load the session,
 * so the page the visitor goes to next knows them at once.
 */
export async function completeSignIn(email: string, queryClient: QueryClient): Promise<void> {
  const { token } = await exchangeToken(email);
  queryClient.clear();
  setAccessToken(token);
  await queryClient.prefetchQuery(getSessionQueryOptions());
}
