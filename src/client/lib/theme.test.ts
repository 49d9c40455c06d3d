import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEYS, readPreference, resolveTheme, writePreference } from './theme';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('theme resolution', () => {
  it('uses the stored keys of docs/product.md', () => {
    expect(THEME_STORAGE_KEYS).toEqual(['acme-ai-theme', 'ui-theme']);
  });

  it('follows the device when set to system, otherwise the choice', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('reads the app key first, then the outer layer key, else system', () => {
    expect(readPreference(memoryStorage())).toBe('system');
    expect(readPreference(memoryStorage({ 'ui-theme': 'dark' }))).toBe('dark');
    expect(readPreference(memoryStorage({ 'acme-ai-theme': 'light', 'ui-theme': 'dark' }))).toBe(
      'light',
    );
    expect(readPreference(memoryStorage({ 'acme-ai-theme': 'purple' }))).toBe('system');
    expect(readPreference(null)).toBe('system');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readPreference(broken)).toBe('system');
    expect(() => writePreference(broken, 'dark')).not.toThrow();
  });

  it('writes both keys', () => {
    const storage = memoryStorage();
    writePreference(storage, 'dark');
    expect(Object.fromEntries(storage.map)).toEqual({
      'acme-ai-theme': 'dark',
      'ui-theme': 'dark',
    });
  });
});

describe('public/boot.js (runs before the first paint)', () => {
  const script = readFileSync(path.resolve(__dirname, '../../../public/boot.js'), 'utf8');

  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
    document.documentElement.removeAttribute('style');
    vi.unstubAllGlobals();
  });

  function runBoot(stored: Record<string, string>, systemDark: boolean) {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && systemDark,
    }));
    new Function(script)();
    return document.documentElement;
  }

  const cases: [Record<string, string>, boolean][] = [
    [{}, false],
    [{}, true],
    [{ 'acme-ai-theme': 'light' }, true],
    [{ 'acme-ai-theme': 'dark' }, false],
    [{ 'ui-theme': 'dark' }, false],
    [{ 'acme-ai-theme': 'system', 'ui-theme': 'dark' }, false],
    [{ 'acme-ai-theme': 'bogus' }, true],
  ];

  it.each(cases)('with %o and a dark device %s, agrees with resolveTheme', (stored, dark) => {
    const root = runBoot(stored, dark);
    const expected = resolveTheme(readPreference(memoryStorage(stored)), dark);
    expect(root.classList.contains('dark')).toBe(expected === 'dark');
    expect(root.style.colorScheme).toBe(expected);
  });

  it('applies the same theme on admin paths as on the home page', () => {
    window.history.pushState({}, '', '/admin/login');
    runBoot({ 'acme-ai-theme': 'dark' }, false);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    window.history.pushState({}, '', '/');
  });
});
