import type { ContactInboxMessage } from '@shop/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useContactMessages } from '@/api/contact/get-contact-messages';
import { useMarkContactMessage } from '@/api/contact/mark-contact-message';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { isApiError } from '@/lib/api-client';
import { pageSearchParams, parsePageParam } from '@/utils/page-param';
import { toast } from '@/lib/toast';
import { adminMessagesCopy as copy } from '../copy';
import { MessageCard } from './message-card';

const MESSAGE_PAGE_SIZE = 20;

/** /dashbord/messages: what visitors wrote through the contact form, newest first, read and unread. */
export function MessagesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const inbox = useContactMessages({ page, size: MESSAGE_PAGE_SIZE });
  const mark = useMarkContactMessage();
  const [busyId, setBusyId] = useState<string | null>(null);

  const onMark = async (message: ContactInboxMessage, read: boolean) => {
    setBusyId(message._id);
    try {
      await mark.mutateAsync({ id: message._id, read });
    } catch (error) {
      toast.error(isApiError(error) && error.status !== 0 && error.status < 500 ? error.message : copy.markFailed);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        {inbox.data && <p className="text-base-content/80">{copy.intro(inbox.data.total, inbox.data.unread)}</p>}
      </div>
      <QueryView query={inbox} copy={copy}>
        {({ messages, total }) => {
          const pageCount = Math.max(1, Math.ceil(total / MESSAGE_PAGE_SIZE));
          return (
            <>
              {messages.length === 0 ? (
                <EmptyState text={page === 0 ? copy.empty : copy.pageEmpty} />
              ) : (
                <ul aria-label={copy.listLabel} className="flex flex-col gap-4">
                  {messages.map((message) => (
                    <li key={message._id}>
                      <MessageCard message={message} busy={busyId === message._id} onMark={(target, read) => void onMark(target, read)} />
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                page={page}
                pageCount={pageCount}
                onPageChange={(next) => setSearchParams(pageSearchParams(next))}
                labels={copy.pager}
                disabled={inbox.isPlaceholderData}
              />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
