/**
 * The admin routes' loaders (route-loader.ts) in the app's own router: the cache is filled
 * before the screen draws, nothing is read for a visitor the guard turns away, and a failed
 * read shows as the screen's error with "Try again", asked once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import type { Fact } from '#shared/shapes/facts';
import { toastQueue } from '#client/ui/toast';
import { appAt } from '#tests/support/render-admin';
import { partsLoaded } from '#tests/support/code-loads';
import { SIGNED_OUT, type AdminCheck } from '../session/auth-check';
import { SECOND_FACTOR_SETUP } from './protected-layout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const SIGNED_IN: AdminCheck = { ...SIGNED_OUT, authenticated: true, username: 'owner' };

const FACT: Fact = {
  id: 1,
  factText: 'Loaded before the screen drew',
  source: 'https://example.com/',
  order: 1,
  active: true,
  factDate: null,
  createdAt: '2026-01-15T10:00:00.000Z',
};

/** The server of the facts dashboard and the admin shell around it. */
function serve(session: AdminCheck, listAll: Handler = () => ({ data: [FACT] })) {
  return fakeTrpcServer(dashboardHandlers(session, listAll));
}

function dashboardHandlers(
  session: AdminCheck,
  listAll: Handler = () => ({ data: [FACT] }),
): Record<string, Handler> {
  return {
    'admin.check': () => ({ data: session }),
    'facts.listAll': listAll,
    'tags.list': () => ({ data: [] }),
    'tags.links': () => ({ data: [] }),
    'messages.unreadCount': () => ({ data: { unread: 0 } }),
    'leads.attention': () => ({
      data: { unanswered: [], answered: [], declined: [], followUps: [], stale: [] },
    }),
    'account.get': () => ({
      data: {
        success: true,
        user: { id: 1, username: 'owner', email: null },
        secondFactor: 'none',
        passkeys: [],
        recoveryCodesLeft: 0,
      },
    }),
  };
}

describe('admin route loaders', () => {
  it("fill the cache with the screen's reads before it draws; the screen reads nothing again", async () => {
    const server = serve(SIGNED_IN);
    const app = appAt('/admin/dashboard');
    await app.router.load();
    // Nothing is drawn yet, and the list is already there.
    expect(app.queryUtils.facts.listAll.getData()).toEqual([FACT]);
    expect(app.queryUtils.tags.links.getData()).toEqual([]);
    // Awaited: with nothing left to fetch, only act's own queue would wake the guard's Suspense.
    await act(async () => {
      app.show();
    });
    expect(await screen.findByText('Loaded before the screen drew')).toBeVisible();
    expect(server.callsTo('facts.listAll')).toHaveLength(1);
    expect(server.callsTo('tags.list')).toHaveLength(1);
  });

  it('read nothing for a visitor without a session: the guard sends them to the login page', async () => {
    const server = serve(SIGNED_OUT);
    const app = appAt('/admin/dashboard');
    app.show();
    expect(await screen.findByText('Redirecting to login...')).toBeVisible();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/admin/login'));
    expect(server.calls.map((call) => call.path)).toEqual(['admin.check']);
  });

  it('read nothing of the screen for a session signed in only to set up a second factor', async () => {
    const server = serve({ ...SIGNED_IN, setupRequired: true });
    const app = appAt('/admin/dashboard');
    app.show();
    // The set-up screen's code is its own chunk, loaded when the guard finds the session:
    // waited for itself, not for a clock (issue 71).
    await partsLoaded(SECOND_FACTOR_SETUP);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeVisible();
    expect(server.callsTo('facts.listAll')).toEqual([]);
    expect(server.callsTo('tags.list')).toEqual([]);
  });

  it("draw the screen's spinner, not its data, while a slow loader waits: that copy of the screen is replaced when it ends", async () => {
    let answerLinks: () => void = () => undefined;
    const linksHeld = new Promise<void>((resolve) => {
      answerLinks = resolve;
    });
    const app = appAt('/admin/dashboard');
    // The facts are in the cache already, the tags' links not: the loader waits for them.
    app.queryUtils.facts.listAll.setData(undefined, [FACT]);
    fakeTrpcServer({
      ...dashboardHandlers(SIGNED_IN),
      'tags.links': async () => {
        await linksHeld;
        return { data: [] };
      },
    });
    app.show();
    // The route's pending copy (shown after the router's pendingMs): a press or a mutation's
    // answer there would be lost when the route's component replaces it, so it offers none.
    expect(await screen.findByText('Loading facts...')).toBeInTheDocument();
    expect(screen.queryByText('Loaded before the screen drew')).toBeNull();
    answerLinks();
    expect(await screen.findByText('Loaded before the screen drew')).toBeVisible();
  });

  it('leave a failed read to the screen: its error with "Try again", asked once', async () => {
    let fail = true;
    const server = serve(SIGNED_IN, () =>
      fail ? refusal('INTERNAL_SERVER_ERROR', 500, 'The database is busy.') : { data: [FACT] },
    );
    const app = appAt('/admin/dashboard');
    app.show();
    // The screen's code is its own chunk (transformed on first use here, slow on a busy
    // machine): waited for itself, as the router loads it, not for a clock (issue 71).
    await app.router.loadRouteChunk(app.router.routesById['/admin/_protected/dashboard']);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading facts: The database is busy.',
    );
    // The loader asked; the screen showed its answer without asking again.
    expect(server.callsTo('facts.listAll')).toHaveLength(1);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loaded before the screen drew')).toBeVisible();
    expect(server.callsTo('facts.listAll')).toHaveLength(2);
  });
});
