import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTENT_MESSAGES } from '#shared/site-content';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { ContentHistory } from './content-history';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const VERSIONS = {
  versions: [
    { version: 2, updatedAt: '2026-01-15T10:02:00.000Z', updatedBy: 'alice' },
    { version: 1, updatedAt: '2026-01-15T10:01:00.000Z', updatedBy: 'bob' },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
};

const toasts = () =>
  toastQueue.visibleToasts.map((t) => `${t.content.title}: ${t.content.description}`);

/** The history showing version 2 as live; "Restore" on version 1, confirmed. */
async function restoreVersionOne(restore: Handler) {
  const server = fakeTrpcServer({
    'content.versions': () => ({ data: VERSIONS }),
    'content.restore': restore,
  });
  renderAdmin(<ContentHistory current={2} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Restore this version?' });
  await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
  return server;
}

describe('ContentHistory', () => {
  it('restores over the version it shows, sending it as the base', async () => {
    const server = await restoreVersionOne(() => ({ data: { version: 3 } }));
    await waitUntil(() => expect(toasts()).toContain('Version restored: It is now version 3.'));
    expect(server.callsTo('content.restore').map((c) => c.input)).toEqual([
      { version: 1, baseVersion: 2 },
    ]);
  });

  it('says another administrator saved meanwhile when the server refuses the base (409)', async () => {
    const server = await restoreVersionOne(() => refusal('CONFLICT', 409, CONTENT_MESSAGES.stale));
    await waitUntil(() =>
      expect(toasts()).toContain(
        'Error: Another administrator saved the content meanwhile. Their version is loaded now; look at it before restoring an older one.',
      ),
    );
    expect(server.callsTo('content.restore')).toHaveLength(1);
    // The list is read again, so the screen shows what is there now.
    await waitUntil(() => expect(server.callsTo('content.versions').length).toBeGreaterThan(1));
  });
});
