import { pagePosition } from '@/components/ui/pager';

/** Every text of the admin's Messages page: the contact form's messages. */
export const adminMessagesCopy = {
  documentTitle: 'Messages | Moto Parts',
  heading: 'Messages',
  intro: (total: number, unread: number) => `${total} ${total === 1 ? 'message' : 'messages'}, ${unread} unread. Newest first.`,
  loading: 'Loading messages',
  loadFailed: 'The messages could not be loaded.',
  retry: 'Try again',
  empty: 'No messages yet. What visitors write in the contact form on the home page shows here, and is emailed to the shop.',
  pageEmpty: 'There are no messages on this page.',
  listLabel: 'Messages from the contact form',
  unread: 'New',
  from: 'From',
  phone: 'Phone',
  received: 'Received',
  reply: 'Reply by email',
  replyTo: (name: string) => `Reply to ${name} by email`,
  replySubject: (subject: string) => `Re: ${subject}`,
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  markFor: (subject: string) => ` “${subject}”`,
  markFailed: 'The message could not be changed. Please try again.',
  pager: {
    navigation: 'Message pages',
    first: 'Newest',
    previous: 'Newer',
    next: 'Older',
    last: 'Oldest',
    position: pagePosition,
  },
} as const;
