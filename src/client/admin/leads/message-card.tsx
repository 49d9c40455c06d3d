import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import type { Message } from '#shared/shapes/messages';
import { Button } from '../ui/controls';
import { TrashIcon } from '../ui/icons';
import { subjectLabel } from '#shared/contact';
import { formatDateTime } from '../ui/date-time';
import { replyHref } from './reply-href';

interface MessageCardProps {
  message: Message;
  /** In the list the text is cut to a few lines; the message's own page shows it whole. */
  clamp?: boolean;
  /** The heading level inside the page: 2 in the list, 1 on the message's own page. */
  headingLevel?: 1 | 2;
  isUpdating?: boolean;
  onSetRead: (message: Message, read: boolean) => void;
  onDelete: (message: Message) => void;
}

/**
 * One enquiry. Unread ones carry a bar, a tinted background and the word "Unread" (not
 * colour alone). The visitor's text is rendered as text, never as HTML, with its line
 * breaks kept.
 */
export function MessageCard({
  message,
  clamp = false,
  headingLevel = 2,
  isUpdating = false,
  onSetRead,
  onDelete,
}: MessageCardProps) {
  const headingId = useId();
  const unread = message.readAt === null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-lg border border-l-4 p-4 ${
        unread
          ? 'border-line border-l-brand-700 bg-brand-50 dark:border-l-brand-400 dark:bg-brand-900/30'
          : 'border-line border-l-line bg-raised'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading
          id={headingId}
          className={`flex flex-wrap items-center gap-2 text-lg text-ink ${unread ? 'font-bold' : 'font-medium'}`}
        >
          {headingLevel === 2 ? (
            <Link
              to="/admin/messages/$id"
              params={{ id: String(message.id) }}
              className="underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 focus-visible:outline-none"
            >
              {message.name}
            </Link>
          ) : (
            message.name
          )}
          {unread ? (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
              Unread
            </span>
          ) : null}
        </Heading>
        <time dateTime={message.createdAt} className="text-sm text-muted">
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-muted sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">E-mail</dt>
        <dd className="break-all">
          <a
            href={replyHref(message.email, message.subject)}
            className="text-brand-700 dark:text-brand-300 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 focus-visible:outline-none"
          >
            {message.email}
          </a>
        </dd>
        <dt className="font-medium">Company</dt>
        <dd className="break-words">{message.company ?? '-'}</dd>
        <dt className="font-medium">Subject</dt>
        <dd>{subjectLabel(message.subject)}</dd>
      </dl>
      <p className={`mt-3 break-words whitespace-pre-wrap text-ink ${clamp ? 'line-clamp-4' : ''}`}>
        {message.message}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isPending={isUpdating}
          onPress={() => onSetRead(message, unread)}
          aria-label={`Mark as ${unread ? 'read' : 'unread'}: ${message.name}`}
        >
          Mark as {unread ? 'read' : 'unread'}
        </Button>
        <Button
          variant="ghost"
          onPress={() => onDelete(message)}
          aria-label={`Delete message from ${message.name}`}
        >
          <TrashIcon />
          Delete
        </Button>
      </div>
    </article>
  );
}
