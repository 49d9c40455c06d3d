import { useNavigate } from '@tanstack/react-router';
import type { Newsletter } from '#shared/shapes/newsletters';
import { trpc } from '#client/lib/trpc';
import { closeToast, toast } from '#client/ui/toast';
import { errorMessage, isConflict } from '../ui/errors';

function failureToast(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

/**
 * A new draft starts with a subject and a body, since the API requires both (1 character
 * at least); the body shows the Markdown a heading and a paragraph take.
 */
export const NEW_DRAFT = {
  subject: 'Untitled newsletter',
  body: '# A heading\n\nWrite your newsletter here, in Markdown: **bold**, *italic*, [links](https://example.com) and lists.\n',
} as const;

/**
 * After a change the list is read again. The newsletter the answer carried is kept as is:
 * reading it again too would only race with what happens next (a later read could even
 * overtake the answer). Without an answer (a failure, a delete) every newsletter read is
 * refreshed, which is how a 409 shows the newsletter as it now is.
 */
function useRefreshNewsletters() {
  const utils = trpc.useUtils();
  return {
    keep: (newsletter: Newsletter) =>
      utils.newsletters.byId.setData({ id: newsletter.id }, newsletter),
    refresh: (answered?: Newsletter) =>
      answered ? utils.newsletters.list.invalidate() : utils.newsletters.invalidate(),
  };
}

export function useCreateNewsletter() {
  const navigate = useNavigate();
  const { keep, refresh } = useRefreshNewsletters();
  return trpc.newsletters.create.useMutation({
    onSuccess: (newsletter) => {
      keep(newsletter);
      toast({ title: 'Draft created' });
      void navigate({ to: '/admin/newsletters/$id', params: { id: String(newsletter.id) } });
    },
    onError: (error) => failureToast('Failed to create the newsletter', error),
    onSettled: (answered) => refresh(answered),
  });
}

/**
 * A 409 means the newsletter is no longer a draft (sent from another tab, or by another
 * administrator): said in a toast of its own, and the page reloads it, which shows the sent
 * newsletter read-only.
 */
function conflictOr(action: string, error: unknown) {
  if (isConflict(error)) {
    toast({
      title: 'Not a draft any more',
      description: errorMessage(error),
      variant: 'destructive',
    });
  } else {
    failureToast(action, error);
  }
}

export function useSaveNewsletter() {
  const { keep, refresh } = useRefreshNewsletters();
  return trpc.newsletters.update.useMutation({
    onSuccess: (newsletter) => {
      keep(newsletter);
      toast({ title: 'Newsletter saved' });
    },
    onError: (error) => conflictOr('Failed to save the newsletter', error),
    onSettled: (answered) => refresh(answered),
  });
}

export function useDeleteNewsletter() {
  const navigate = useNavigate();
  const { refresh } = useRefreshNewsletters();
  return trpc.newsletters.remove.useMutation({
    onSuccess: () => {
      toast({ title: 'Newsletter deleted' });
      void navigate({ to: '/admin/newsletters' });
    },
    onError: (error) => conflictOr('Failed to delete the newsletter', error),
    onSettled: () => refresh(),
  });
}

/**
 * "Sending started" and "Sending again…" by newsletter: the toast waits while the pointer or
 * focus rests on it, so without this it could still say "started" after the page says
 * "Sending finished" (docs/product.md, "One newsletter").
 */
const sendingToasts = new Map<number, string>();

function sendingToast(id: number, title: string) {
  const earlier = sendingToasts.get(id);
  if (earlier) closeToast(earlier);
  sendingToasts.set(id, toast({ title }));
}

/** Closes the newsletter's "Sending started" toast, if still there: its sending has ended. */
export function closeSendingToast(id: number): void {
  const key = sendingToasts.get(id);
  if (key === undefined) return;
  sendingToasts.delete(id);
  closeToast(key);
}

export function useSendNewsletter() {
  const { keep, refresh } = useRefreshNewsletters();
  return trpc.newsletters.send.useMutation({
    onSuccess: (newsletter) => {
      keep(newsletter);
      sendingToast(newsletter.id, 'Sending started');
    },
    onError: (error) => failureToast('Failed to send the newsletter', error),
    onSettled: (answered) => refresh(answered),
  });
}

export function useRetryFailed() {
  const { keep, refresh } = useRefreshNewsletters();
  return trpc.newsletters.retry.useMutation({
    onSuccess: (newsletter) => {
      keep(newsletter);
      sendingToast(newsletter.id, 'Sending again to the failed recipients');
    },
    onError: (error) => failureToast('Failed to retry', error),
    onSettled: (answered) => refresh(answered),
  });
}
