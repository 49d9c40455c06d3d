/**
 * For a test file that mocks modules with `vi.mock`, in a project whose workers keep loaded
 * modules from one file to the next (docs/decisions/0039): the file begins with
 * `vi.hoisted(() => vi.resetModules())`, so its mocks reach modules an earlier file loaded,
 * and calls this with the same modules, so that its mocks do not reach the next file.
 */
import { afterAll, vi } from 'vitest';

export function unmockAfterFile(...modules: string[]): void {
  afterAll(() => {
    for (const module of modules) vi.doUnmock(module);
    vi.resetModules();
  });
}
