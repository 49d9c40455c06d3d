/**
 * The facts screens in the app's own router (the dashboard and a fact's edit page), against
 * the fake tRPC server: what they show for a list, an empty list, a missing or unreachable
 * fact, and how they undo a change the server refused. The browser suite
 * (tests/e2e/admin-facts.test.ts) keeps what needs a real page: the keyboard, focus, the drag
 * and the writes through the real server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FactWithTags } from '#client/lib/api-types';
import type { Fact } from '#shared/shapes/facts';
import { toastQueue } from '#client/ui/toast';
import { appAt } from '#tests/support/render-admin';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import { toastShown } from '#tests/support/code-loads';
import { waitUntil } from '#tests/support/wait';
import { SIGNED_OUT } from '../session/auth-check';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const fact = (id: number, factText: string, over: Partial<Fact> = {}): Fact => ({
  id,
  factText,
  source: `Source ${id}`,
  order: id,
  active: true,
  factDate: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  ...over,
});

const FACTS = [
  fact(1, 'The first fact on the list.'),
  fact(2, 'A fact with a date.', { factDate: '1955-08-31' }),
  fact(3, 'The last fact on the list.'),
];

/** fetch() failing, as when the server cannot be reached (the page says so in words). */
const unreachable: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

/** The server of the facts screens and the admin shell around them, signed in. */
function serve(handlers: Record<string, Handler> = {}) {
  return fakeTrpcServer({
    'admin.check': () => ({ data: { ...SIGNED_OUT, authenticated: true, username: 'owner' } }),
    'facts.listAll': () => ({ data: FACTS }),
    'tags.list': () => ({
      data: [
        { id: 1, name: 'History' },
        { id: 2, name: 'Language Models' },
      ],
    }),
    'tags.links': () => ({
      data: [
        { factId: 1, tagId: 2 },
        { factId: 1, tagId: 1 },
      ],
    }),
    'messages.unreadCount': () => ({ data: { unread: 0 } }),
    'leads.attention': () => ({
      data: { unanswered: [], answered: [], declined: [], followUps: [], stale: [] },
    }),
    ...handlers,
  });
}

/** The app at `path`, drawn (its route's code and loader are waited on by each test). */
function showApp(path: string) {
  const app = appAt(path);
  app.show();
  return app.router;
}

/** The dashboard's app, for a test that reads the list's cache and the changes in flight. */
async function showDashboardApp() {
  const app = appAt('/admin/dashboard');
  app.show();
  await app.router.loadRouteChunk(app.router.routesById['/admin/_protected/dashboard']);
  await waitUntil(() => expect(screen.queryAllByRole('row').length).toBeGreaterThan(0));
  return app;
}

/**
 * The dashboard, its list drawn (its code is a chunk of its own, waited on as it loads). The
 * heading is drawn while the list is still on its way (the route's pending screen is the page
 * itself), and once the facts came the grid is drawn empty first: react-aria builds its rows
 * on a later render. The list is there once it has a row, or says it has none.
 */
async function showDashboard() {
  const router = showApp('/admin/dashboard');
  await router.loadRouteChunk(router.routesById['/admin/_protected/dashboard']);
  await screen.findByRole('heading', { name: 'AI Facts Management', level: 1 });
  await waitUntil(() =>
    expect(
      screen.queryAllByRole('row').length > 0 || screen.queryByText(/^No facts found\./) !== null,
    ).toBe(true),
  );
  return router;
}

const row = (text: string) => screen.getByRole('row', { name: text });
const rowTexts = () => screen.getAllByRole('row').map((r) => r.getAttribute('aria-label'));

describe('the facts dashboard', () => {
  it('lists the facts by order with source, a date where set, tags by name, and the ends disabled', async () => {
    serve();
    await showDashboard();
    expect(await screen.findAllByRole('row')).toHaveLength(3);
    expect(rowTexts()).toEqual(FACTS.map((f) => f.factText));
    expect(screen.getByText('Add, edit, and manage facts shown in the carousel')).toBeVisible();

    const first = row(FACTS[0]!.factText);
    expect(within(first).getByText('Source: Source 1')).toBeVisible();
    // A date shows only where the fact has one.
    expect(within(first).queryByText(/^Date: /)).toBeNull();
    expect(within(row(FACTS[1]!.factText)).getByText(/^Date:/)).toHaveTextContent(
      'Date: August 31, 1955',
    );
    // The row's tags, in the tag list's order (by name).
    expect(
      within(within(first).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['History', 'Language Models']);
    expect(within(row(FACTS[2]!.factText)).queryByRole('list', { name: 'Tags' })).toBeNull();

    expect(within(first).getByRole('button', { name: 'Move up' })).toBeDisabled();
    expect(within(first).getByRole('button', { name: 'Move down' })).toBeEnabled();
    expect(
      within(row(FACTS[2]!.factText)).getByRole('button', { name: 'Move down' }),
    ).toBeDisabled();
    expect(within(first).getByRole('switch', { name: 'Active' })).toBeChecked();
  });

  it('says so when there are no facts', async () => {
    serve({ 'facts.listAll': () => ({ data: [] }), 'tags.links': () => ({ data: [] }) });
    await showDashboard();
    expect(
      await screen.findByText('No facts found. Add your first fact to get started.'),
    ).toBeVisible();
    expect(screen.queryAllByRole('row')).toEqual([]);
  });

  it('turns the switch back, with the error toast, when the server refuses the change', async () => {
    const server = serve({
      'facts.update': () => refusal('INTERNAL_SERVER_ERROR', 500, 'The database is busy.'),
    });
    await showDashboard();
    const text = FACTS[0]!.factText;
    await userEvent.setup().click(within(row(text)).getByRole('switch', { name: 'Active' }));
    expect(await toastShown('Error')).toBeVisible();
    expect(toastQueue.visibleToasts.map((t) => t.content)).toContainEqual(
      expect.objectContaining({
        title: 'Error',
        description: 'Failed to update AI fact: The database is busy.',
      }),
    );
    expect(server.callsTo('facts.update')[0]?.input).toEqual({ id: 1, data: { active: false } });
    // The snapshot comes back through the query's cache, whose observers are told on a later
    // tick than the toast's region: the switch is polled for, not read once.
    await waitUntil(() =>
      expect(within(row(text)).getByRole('switch', { name: 'Active' })).toBeChecked(),
    );
  });

  it('puts the list back, with the error toast, when a move fails', async () => {
    serve({ 'facts.move': unreachable });
    await showDashboard();
    await userEvent
      .setup()
      .click(within(row(FACTS[0]!.factText)).getByRole('button', { name: 'Move down' }));
    expect(await toastShown('Error')).toBeVisible();
    expect(toastQueue.visibleToasts.map((t) => t.content.description)).toContain(
      'Failed to update AI fact: The server could not be reached. Check your connection and try again.',
    );
    // As the switch above: the list comes back on the cache's tick, after the toast.
    await waitUntil(() => expect(rowTexts()).toEqual(FACTS.map((f) => f.factText)));
  });
});

describe('two moves at once', () => {
  const texts = (list: Fact[] | undefined) => list?.map((f) => f.factText);
  const ordered = (...ids: number[]) => ids.map((id, i) => ({ ...FACTS[id - 1]!, order: i + 1 }));

  it('keep both drawn while the second is on its way, and read the list back once both ended', async () => {
    // The server answers each move when the test says, with the list as it then stands.
    let stored = FACTS;
    const answers: Array<() => void> = [];
    const server = serve({
      'facts.listAll': () => ({ data: stored }),
      'facts.move': () => new Promise((resolve) => answers.push(() => resolve({ data: stored }))),
    });
    const app = await showDashboardApp();
    const user = userEvent.setup();
    const moving = FACTS[0]!.factText;
    const both = texts(ordered(2, 3, 1));

    await user.click(within(row(moving)).getByRole('button', { name: 'Move down' }));
    await waitUntil(() => expect(rowTexts()).toEqual(texts(ordered(2, 1, 3))));
    await user.click(within(row(moving)).getByRole('button', { name: 'Move down' }));
    await waitUntil(() => expect(answers).toHaveLength(2));
    expect(texts(app.queryUtils.facts.listAll.getData())).toEqual(both);
    const reads = server.callsTo('facts.listAll').length;

    // The first answer knows only the first move: the list keeps the second, and is not read.
    stored = ordered(2, 1, 3);
    answers[0]!();
    await waitUntil(() => expect(app.queryUtils.facts.move.isMutating()).toBe(1));
    expect(texts(app.queryUtils.facts.listAll.getData())).toEqual(both);

    stored = ordered(2, 3, 1);
    answers[1]!();
    await waitUntil(() => expect(app.queryUtils.facts.move.isMutating()).toBe(0));
    expect(server.callsTo('facts.listAll')).toHaveLength(reads + 1);
    expect(texts(app.queryUtils.facts.listAll.getData())).toEqual(both);
    expect(rowTexts()).toEqual(both);
  });
});

describe('adding a fact', () => {
  it('tells why a save failed and keeps the dialog open; Cancel then adds nothing', async () => {
    const server = serve({ 'facts.create': unreachable });
    await showDashboard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add New Fact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New AI Fact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Fact Text' }), 'Not saved.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Source' }), 'Nowhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await toastShown('Error')).toBeVisible();
    expect(toastQueue.visibleToasts.map((t) => t.content.description)).toContain(
      'Failed to create AI fact: The server could not be reached. Check your connection and try again.',
    );
    expect(server.callsTo('facts.create')).toHaveLength(1);
    expect(dialog).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Add New AI Fact' })).toBeNull();
    expect(rowTexts()).toEqual(FACTS.map((f) => f.factText));
  });
});

describe("a fact's edit page", () => {
  const withTags: FactWithTags = { ...FACTS[0]!, tags: [] };

  it('shows a spinner while the fact is on its way, then "AI Fact not found." with a way back', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serve({
      'facts.byId': async () => {
        await answered;
        return refusal('NOT_FOUND', 404, 'AI fact not found');
      },
    });
    const router = showApp('/admin/ai-fact-edit/999999');
    await router.loadRouteChunk(router.routesById['/admin/_protected/ai-fact-edit/$id']);
    // The route's pending screen is the page itself, with its spinner (role=status).
    const spinner = await screen.findByText('Loading fact...');
    expect(spinner.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('AI Fact not found.')).toBeNull();
    answer();
    expect(await screen.findByText('AI Fact not found.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Listing' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('says "AI Fact not found." for an address that is not a number, asking nothing', async () => {
    const server = serve();
    const router = showApp('/admin/ai-fact-edit/not-a-number');
    await router.loadRouteChunk(router.routesById['/admin/_protected/ai-fact-edit/$id']);
    expect(await screen.findByText('AI Fact not found.')).toBeVisible();
    expect(server.callsTo('facts.byId')).toEqual([]);
  });

  it('says why the fact could not be loaded when the server cannot be reached', async () => {
    serve({ 'facts.byId': unreachable });
    const router = showApp('/admin/ai-fact-edit/1');
    await router.loadRouteChunk(router.routesById['/admin/_protected/ai-fact-edit/$id']);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Error loading fact: The server could not be reached/,
    );
  });

  it('returns to the listing without saving what was typed', async () => {
    const server = serve({ 'facts.byId': () => ({ data: withTags }) });
    const router = showApp('/admin/ai-fact-edit/1');
    await router.loadRouteChunk(router.routesById['/admin/_protected/ai-fact-edit/$id']);
    const text = await screen.findByRole('textbox', { name: 'Fact Text' });
    expect(text).toHaveValue(FACTS[0]!.factText);
    const user = userEvent.setup();
    await user.clear(text);
    await user.type(text, 'Unsaved change to the text');
    await user.click(screen.getByRole('link', { name: 'Return to Listing' }));
    await router.loadRouteChunk(router.routesById['/admin/_protected/dashboard']);
    expect(await screen.findByRole('heading', { name: 'AI Facts Management' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(rowTexts()[0]).toBe(FACTS[0]!.factText);
    expect(server.callsTo('facts.update')).toEqual([]);
  });
});
