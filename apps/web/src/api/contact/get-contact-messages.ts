import type { ContactInboxPage } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ContactInboxRequest {
  /** Zero-based. */
  page: number;
  size: number;
}

/** GET /contact-messages?page&size (admin): a page of the contact form's messages, newest first, with the counts. */
export const getContactMessages = ({ page, size, signal }: ContactInboxRequest & { signal?: AbortSignal }) =>
  api.get<ContactInboxPage>(`/contact-messages?${new URLSearchParams({ page: String(page), size: String(size) })}`, { signal });

/** Keeps the previous page on screen while the next one loads. */
export const useContactMessages = ({ page, size }: ContactInboxRequest) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.contactMessages.page({ page, size }),
      queryFn: ({ signal }) => getContactMessages({ page, size, signal }),
      placeholderData: keepPreviousData,
    }),
  );
