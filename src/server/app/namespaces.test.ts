/**
 * "A namespace is a folder" (docs/architecture.md "Namespaces"): whoever reads
 * `trpc.subscribers.list` finds its procedures in a folder named subscribers/.
 */
import { describe, expect, it } from 'vitest';
import { inNamespaceFolder, namespaces, routerFiles } from '#tests/support/router-files';

describe('a namespace is a folder', () => {
  const files = routerFiles();

  it('finds the file of every namespace in app/app-router.ts', () => {
    const unread = namespaces().filter((namespace) => (files.get(namespace) ?? []).length === 0);
    expect(unread, 'spell them `name: xRouter` or `name: router({ ...a, ...b })`').toEqual([]);
  });

  it("keeps each namespace's procedures in the folder its name points at", () => {
    const misplaced = namespaces().flatMap((namespace) =>
      (files.get(namespace) ?? [])
        .filter((file) => !inNamespaceFolder(namespace, file))
        .map((file) => `${namespace}: src/server/${file}`),
    );
    expect(misplaced).toEqual([]);
  });

  it('reads a folder as its name, or its name joined to its parents', () => {
    expect(inNamespaceFolder('tags', 'facts/tags/router.ts')).toBe(true);
    expect(inNamespaceFolder('mailReports', 'mail/reports/router.ts')).toBe(true);
    expect(inNamespaceFolder('entryCovers', 'entries/covers/router.ts')).toBe(true);
    expect(inNamespaceFolder('leads', 'leads/triage/router.ts')).toBe(true);
    expect(inNamespaceFolder('bookings', 'booking/bookings-router.ts')).toBe(true);
    expect(inNamespaceFolder('secondFactor', 'identity/second-factors/router.ts')).toBe(true);
    expect(inNamespaceFolder('admin', 'identity/sign-in/router.ts')).toBe(true);

    expect(inNamespaceFolder('subscribers', 'leads/subscribers-router.ts')).toBe(false);
    expect(inNamespaceFolder('mailReports', 'mail/reports-router.ts')).toBe(false);
    expect(inNamespaceFolder('leads', 'ai/triage-router.ts')).toBe(false);
    expect(inNamespaceFolder('accessTokens', 'mcp/tokens/router.ts')).toBe(false);
    expect(inNamespaceFolder('admin', 'identity/admin/router.ts')).toBe(false);
  });
});
