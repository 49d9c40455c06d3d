import { company } from '#shared/company';

export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

/**
 * docs/product.md, "Theme": the preference is stored under '{product}-theme' (the app) and 'ui-theme'
 * (the outer layer). public/boot.js reads the same keys before the first paint.
 */
export const THEME_STORAGE_KEYS = [`${company.slug}-theme`, 'ui-theme'] as const;

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parsePreference(value: unknown): ThemePreference | null {
  return value === 'system' || value === 'light' || value === 'dark' ? value : null;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The app's own key wins; a value only the outer layer stored is honoured too. */
export function readPreference(storage: ReadableStorage | null): ThemePreference {
  if (!storage) return 'system';
  for (const key of THEME_STORAGE_KEYS) {
    try {
      const stored = parsePreference(storage.getItem(key));
      if (stored) return stored;
    } catch {
      // Storage can throw (disabled cookies, sandboxed frames): fall back to the system.
    }
  }
  return 'system';
}

export function writePreference(storage: WritableStorage | null, preference: ThemePreference) {
  if (!storage) return;
  for (const key of THEME_STORAGE_KEYS) {
    try {
      storage.setItem(key, preference);
    } catch {
      // Not persisted (quota, private mode); the choice still applies to this page.
    }
  }
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

export function applyTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
