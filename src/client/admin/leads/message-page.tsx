import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Message } from '#shared/shapes/messages';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { ArrowLeftIcon } from '../ui/icons';
import { QueryState } from '../ui/query-state';
import { parseIdParam } from '../ui/id-param';
import { useDocumentTitle } from '../ui/use-document-title';
import { DeleteMessageDialog } from './delete-message-dialog';
import { useDeleteMessage, useSetRead } from './lead-mutations';
import { MessageCard } from './message-card';

/** One message, as the notification e-mail links to it. Opening an unread one marks it read. */
export function MessagePage({ idParam }: { idParam: string }) {
  useDocumentTitle('Message');
  const id = parseIdParam(idParam);
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/admin/messages"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted underline underline-offset-2 hover:text-brand-700 dark:hover:text-brand-300 focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 focus-visible:outline-none"
      >
        <ArrowLeftIcon />
        All messages
      </Link>
      {id === null ? <NotFound /> : <LoadedMessage id={id} />}
    </div>
  );
}

function NotFound() {
  return (
    <Card>
      <h1 className="mb-3 text-2xl font-bold text-ink">Message</h1>
      <p role="alert" className="text-muted">
        Message not found. It may have been deleted.
      </p>
    </Card>
  );
}

function LoadedMessage({ id }: { id: number }) {
  const message = trpc.messages.byId.useQuery({ id });
  const setRead = useSetRead();
  useMarkReadOnOpen(message.data, setRead.mutate);
  const remove = useDeleteMessage();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<Message | null>(null);

  return (
    <QueryState
      query={message}
      pending="Loading message..."
      error="Error loading message"
      notFound={<NotFound />}
      frame={(state, kind) => (kind === 'error' ? <Card>{state}</Card> : state)}
    >
      {(data) => (
        <>
          {data.leadId === null ? null : (
            <Link
              to="/admin/leads/$id"
              params={{ id: String(data.leadId) }}
              className="w-fit text-brand-700 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:text-brand-300 dark:focus-visible:ring-brand-400"
            >
              Open lead
            </Link>
          )}
          <MessageCard
            message={data}
            headingLevel={1}
            isUpdating={setRead.isPending}
            onSetRead={(m, read) => setRead.mutate({ id: m.id, read })}
            onDelete={setToDelete}
          />
          <DeleteMessageDialog
            message={toDelete}
            isDeleting={remove.isPending}
            onCancel={() => setToDelete(null)}
            onConfirm={(m) =>
              remove.mutate(
                { id: m.id },
                {
                  onSuccess: () => void navigate({ to: '/admin/messages' }),
                  onSettled: () => setToDelete(null),
                },
              )
            }
          />
        </>
      )}
    </QueryState>
  );
}

/**
 * Marks the message read the first time this page shows it unread; marking it unread again
 * afterwards is respected until the page is opened anew.
 */
function useMarkReadOnOpen(
  message: Message | undefined,
  mark: (input: { id: number; read: boolean }) => void,
) {
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (!message || marked.current === message.id) return;
    marked.current = message.id;
    if (message.readAt === null) mark({ id: message.id, read: true });
  }, [message, mark]);
}
