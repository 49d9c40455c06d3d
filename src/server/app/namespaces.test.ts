/**
 * "A namespace is a folder" (docs/architecture.md "Namespaces"): whoever reads
 * `trpc.subscribers.list` finds its procedures in a folder named subscribers/.
 */
import { describe, expect, it } from 'vitest';
import { inNamespaceFolder, namespaces, routerFiles } from '#tests/support/router-files';

/**
 * Namespaces whose move into their folder is made on another branch of issue 59, each with the
 * place it goes to. Delete an entry once its router sits there: the test says which.
 */
const AWAITING_MOVE: Record<string, string> = {
  outbox: 'mail/outbox/router.ts',
  suppressions: 'mail/suppressions/router.ts',
  mailReports: 'mail/reports/router.ts',
  users: 'identity/users/router.ts',
  invitation: 'identity/invitation/router.ts',
  admin: 'identity/admin/router.ts',
};

describe('a namespace is a folder', () => {
  const files = routerFiles();

  it('finds the file of every namespace in app/app-router.ts', () => {
    const unread = namespaces().filter((namespace) => (files.get(namespace) ?? []).length === 0);
    expect(unread, 'spell them `name: xRouter` or `name: router({ ...a, ...b })`').toEqual([]);
  });

  it("keeps each namespace's procedures in the folder its name points at", () => {
    const misplaced = namespaces()
      .filter((namespace) => !(namespace in AWAITING_MOVE))
      .flatMap((namespace) =>
        (files.get(namespace) ?? [])
          .filter((file) => !inNamespaceFolder(namespace, file))
          .map((file) => `${namespace}: src/server/${file}`),
      );
    expect(misplaced).toEqual([]);
  });

  it('lists as awaiting a move only namespaces still out of their folder', () => {
    const all = namespaces();
    const settled = Object.keys(AWAITING_MOVE).filter(
      (namespace) =>
        !all.includes(namespace) ||
        (files.get(namespace) ?? []).every((file) => inNamespaceFolder(namespace, file)),
    );
    expect(settled, 'moved or gone: delete them from AWAITING_MOVE').toEqual([]);
  });

  it('accepts the places the awaited moves go to', () => {
    for (const [namespace, place] of Object.entries(AWAITING_MOVE)) {
      expect(inNamespaceFolder(namespace, place), `${namespace} in ${place}`).toBe(true);
    }
  });

  it('reads a folder as its name, or its name joined to its parents', () => {
    expect(inNamespaceFolder('tags', 'facts/tags/router.ts')).toBe(true);
    expect(inNamespaceFolder('mailReports', 'mail/reports/router.ts')).toBe(true);
    expect(inNamespaceFolder('entryCovers', 'entries/covers/router.ts')).toBe(true);
    expect(inNamespaceFolder('leads', 'leads/triage/router.ts')).toBe(true);
    expect(inNamespaceFolder('bookings', 'booking/bookings-router.ts')).toBe(true);
    expect(inNamespaceFolder('secondFactor', 'identity/second-factors/router.ts')).toBe(true);

    expect(inNamespaceFolder('subscribers', 'leads/subscribers-router.ts')).toBe(false);
    expect(inNamespaceFolder('mailReports', 'mail/reports-router.ts')).toBe(false);
    expect(inNamespaceFolder('leads', 'ai/triage-router.ts')).toBe(false);
    expect(inNamespaceFolder('accessTokens', 'mcp/tokens/router.ts')).toBe(false);
  });
});
