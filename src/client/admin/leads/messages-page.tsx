import { useState } from 'react';
import { MESSAGES_PAGE_SIZE } from '#shared/leads';
import type { Message } from '#shared/shapes/messages';
import { trpc } from '#client/lib/trpc';
import { buttonClass } from '#shared/ui-styles';
import { Card } from '../ui/controls';
import { useShareUnreadCount } from '../shell/unread-count';
import { useDocumentTitle } from '../ui/use-document-title';
import { DeleteMessageDialog } from './delete-message-dialog';
import { useDeleteMessage, useSetRead } from './lead-mutations';
import { MessageCard } from './message-card';
import { MessageFilters } from './message-filters';
import { PagedRead } from '../ui/list-table';
import { messagesCsvHref, type MessageSearch } from './search-params';

interface MessagesPageProps {
  search: MessageSearch;
  onSearch: (search: MessageSearch) => void;
}

export function MessagesPage({ search, onSearch }: MessagesPageProps) {
  useDocumentTitle('Messages');
  const page = search.page ?? 1;
  const list = trpc.messages.list.useQuery(
    { page, q: search.q, subject: search.subject },
    // The previous page stays on screen while the next one loads: no jump to a spinner.
    { placeholderData: (previous) => previous },
  );
  // The list counts the whole inbox's unread messages too: the badge takes it when it differs.
  useShareUnreadCount(list.isPlaceholderData ? undefined : list.data?.unread);
  const setRead = useSetRead();
  const remove = useDeleteMessage();
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const filtered = Boolean(search.q || search.subject);

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Messages</h1>
          <p className="mt-1 text-muted">
            Enquiries sent through the contact form
            {list.data
              ? ` · ${list.data.total} ${filtered ? 'found' : 'in all'}, ${list.data.unread} unread`
              : ''}
          </p>
        </div>
        <a href={messagesCsvHref(search)} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>

      <MessageFilters
        search={search}
        onChange={(filters) => onSearch({ ...filters, page: undefined })}
      />

      <div className="mt-6">
        <PagedRead
          query={list}
          pending="Loading messages..."
          error="Error loading messages"
          count={(data) => data.messages.length}
          emptyPage="No messages on this page."
          empty={() =>
            filtered
              ? 'No messages match your search.'
              : 'No messages yet. Enquiries sent through the contact form appear here.'
          }
          pager={{
            page,
            pageSize: MESSAGES_PAGE_SIZE,
            label: 'Messages',
            onPage: (next) => onSearch({ ...search, page: next > 1 ? next : undefined }),
          }}
        >
          {(data) => (
            <ul aria-label="Messages" className="flex flex-col gap-3">
              {data.messages.map((message) => (
                <li key={message.id}>
                  <MessageCard
                    message={message}
                    clamp
                    isUpdating={setRead.isPending && setRead.variables.id === message.id}
                    onSetRead={(m, read) => setRead.mutate({ id: m.id, read })}
                    onDelete={setToDelete}
                  />
                </li>
              ))}
            </ul>
          )}
        </PagedRead>
      </div>

      <DeleteMessageDialog
        message={toDelete}
        isDeleting={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={(message) =>
          remove.mutate({ id: message.id }, { onSettled: () => setToDelete(null) })
        }
      />
    </Card>
  );
}
