import type { ContactInboxMessage } from '@shop/shared';
import { BusyButton } from '@/components/ui/busy-button';
import { formatDayAndTime } from '@/utils/format';
import { adminMessagesCopy as copy } from '../copy';

interface MessageCardProps {
  message: ContactInboxMessage;
  /** Marks it read or unread; the page shows the outcome. */
  onMark: (message: ContactInboxMessage, read: boolean) => void;
  busy: boolean;
}

/** One message from the contact form, as the visitor wrote it (rendered as text), with its sender and the ways to answer. */
export function MessageCard({ message, onMark, busy }: MessageCardProps) {
  const replyHref = `mailto:${message.email}?subject=${encodeURIComponent(copy.replySubject(message.subject))}`;
  return (
    <article
      aria-labelledby={`message-${message._id}`}
      aria-busy={busy || undefined}
      className={`flex flex-col gap-3 rounded-box border p-5 ${message.read ? 'border-base-300 bg-base-100' : 'border-primary/60 bg-base-100 shadow-sm'}`}
      data-testid="contact-message"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {!message.read && <span className="badge badge-primary">{copy.unread}</span>}
          <h2 id={`message-${message._id}`} className={`min-w-0 text-lg wrap-anywhere ${message.read ? 'font-medium' : 'font-bold'}`}>
            {message.subject}
          </h2>
        </div>
        <p className="text-sm text-base-content/80">
          <span className="sr-only">{copy.received}: </span>
          <time dateTime={message.createdAt}>{formatDayAndTime(message.createdAt)}</time>
        </p>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{copy.from}</dt>
        <dd className="wrap-anywhere">
          {message.name} &lt;
          <a className="link" href={`mailto:${message.email}`}>
            {message.email}
          </a>
          &gt;
        </dd>
        {message.phone && (
          <>
            <dt className="font-medium">{copy.phone}</dt>
            <dd className="wrap-anywhere">
              <a className="link" href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}>
                {message.phone}
              </a>
            </dd>
          </>
        )}
      </dl>
      <p className="whitespace-pre-line wrap-anywhere">{message.message}</p>
      <div className="flex flex-wrap gap-2">
        <a className="btn btn-primary btn-sm" href={replyHref} aria-label={copy.replyTo(message.name)}>
          {copy.reply}
        </a>
        <BusyButton className="btn-outline" busy={busy} onClick={() => onMark(message, !message.read)}>
          {message.read ? copy.markUnread : copy.markRead}
          <span className="sr-only">{copy.markFor(message.subject)}</span>
        </BusyButton>
      </div>
    </article>
  );
}
