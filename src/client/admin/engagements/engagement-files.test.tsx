/**
 * The admin's files of an engagement: listed from `engagementFiles.list`, a file uploaded as
 * multipart to POST /api/engagements/:id/files, the server's refusal shown in its words, a
 * file deleted after the question, and one over 10 MB stopped before it travels.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import {
  ENGAGEMENT_FILE_MAX_BYTES,
  ENGAGEMENT_FILE_MESSAGES,
} from '#shared/engagements/file-rules';
import type { EngagementFile } from '#shared/shapes/engagements';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { waitUntil } from '#tests/support/wait';
import { EngagementFiles } from './engagement-files';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const file = (id: number, name: string, side: 'owner' | 'client' = 'owner'): EngagementFile => ({
  id,
  name,
  type: 'application/pdf',
  size: 2_400_000,
  sha256: 'ab'.repeat(32),
  side,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** The tRPC fake over `stored`, and the upload path answered by `upload` (what it got kept). */
function fakeServer(stored: EngagementFile[], upload: () => Response) {
  const server = fakeTrpcServer({
    'engagementFiles.list': () => ({ data: { files: [...stored] } }),
    'engagementFiles.remove': (input) => {
      const { fileId } = input as { fileId: number };
      stored.splice(
        stored.findIndex((f) => f.id === fileId),
        1,
      );
      return { data: { success: true } };
    },
  });
  const trpcFetch = globalThis.fetch;
  const sent: { path: string; file: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const address = String(input instanceof Request ? input.url : input);
    if (!address.startsWith('/api/engagements/')) return trpcFetch(input, init);
    const body = init?.body;
    const sentFile = body instanceof FormData ? body.get('file') : null;
    sent.push({ path: address, file: sentFile instanceof File ? sentFile.name : null });
    return upload();
  });
  return { server, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('EngagementFiles', () => {
  it('lists the files, whose they are, their size and SHA-256', async () => {
    fakeServer([file(1, 'scope.pdf'), file(2, 'brief.docx', 'client')], () => json(500, {}));
    renderAdmin(<EngagementFiles engagementId={7} />);
    const list = await screen.findByRole('list', { name: 'Shared files' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('scope.pdf');
    expect(rows[0]).toHaveTextContent('Yours · 2.3 MB');
    expect(rows[1]).toHaveTextContent('From the client');
    expect(rows[1]).toHaveTextContent(`SHA-256 ${'ab'.repeat(32)}`);
  });

  it('uploads the chosen file as multipart and lists it', async () => {
    const stored: EngagementFile[] = [];
    const { sent } = fakeServer(stored, () => {
      stored.push(file(3, 'plan.pdf'));
      return json(201, { success: true, file: file(3, 'plan.pdf') });
    });
    renderAdmin(<EngagementFiles engagementId={7} />);
    expect(await screen.findByText('No files shared yet.')).toBeVisible();
    await userEvent.upload(
      screen.getByLabelText('Upload a file'),
      new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('plan.pdf')).toBeVisible();
    expect(sent).toEqual([{ path: '/api/engagements/7/files', file: 'plan.pdf' }]);
  });

  it('shows the server’s refusal in its words', async () => {
    fakeServer([], () =>
      json(415, { success: false, message: ENGAGEMENT_FILE_MESSAGES.wrongType }),
    );
    renderAdmin(<EngagementFiles engagementId={7} />);
    await userEvent.upload(
      await screen.findByLabelText('Upload a file'),
      new File(['MZ'], 'report.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(ENGAGEMENT_FILE_MESSAGES.wrongType)).toBeVisible();
  });

  it('stops a file over 10 MB before sending it', async () => {
    const { sent } = fakeServer([], () => json(201, {}));
    renderAdmin(<EngagementFiles engagementId={7} />);
    const big = new File([new Uint8Array(ENGAGEMENT_FILE_MAX_BYTES + 1)], 'big.pdf');
    await userEvent.upload(await screen.findByLabelText('Upload a file'), big);
    expect(await screen.findByText(ENGAGEMENT_FILE_MESSAGES.tooLarge)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('deletes a file once the question is answered', async () => {
    const { server } = fakeServer([file(1, 'old.pdf'), file(2, 'keep.pdf')], () => json(500, {}));
    renderAdmin(<EngagementFiles engagementId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete old.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this file?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('keep.pdf')).toBeVisible();
    await waitUntil(() => expect(screen.queryByText('old.pdf')).toBeNull());
    expect(server.calls).toContainEqual({
      path: 'engagementFiles.remove',
      input: { id: 7, fileId: 1 },
    });
  });
});
