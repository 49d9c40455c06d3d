import { useSyncExternalStore } from 'react';
import { mediaQueryList } from './media-query-list';
import {
  DARK_QUERY,
  applyTheme,
  readPreference,
  resolveTheme,
  writePreference,
  type ResolvedTheme,
  type ThemePreference,
} from './theme';

export interface ThemeSnapshot {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let preference: ThemePreference | null = null;
let snapshot: ThemeSnapshot | null = null;

function computeSnapshot(): ThemeSnapshot {
  preference ??= readPreference(safeStorage());
  const resolved = resolveTheme(preference, mediaQueryList(DARK_QUERY)?.matches === true);
  if (!snapshot || snapshot.preference !== preference || snapshot.resolved !== resolved) {
    snapshot = { preference, resolved };
  }
  return snapshot;
}

/**
 * The class on <html> is set by public/boot.js before the first paint and kept in step here,
 * on every change of the choice or of the device setting; never from a render, so hydration
 * cannot briefly apply the wrong theme.
 */
function changed() {
  applyTheme(document.documentElement, computeSnapshot().resolved);
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && !event.key.endsWith('theme')) return;
  preference = readPreference(safeStorage());
  changed();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    mediaQueryList(DARK_QUERY)?.addEventListener('change', changed);
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      mediaQueryList(DARK_QUERY)?.removeEventListener('change', changed);
      window.removeEventListener('storage', onStorage);
    }
  };
}

export function setThemePreference(next: ThemePreference): void {
  preference = next;
  writePreference(safeStorage(), next);
  changed();
}

/**
 * The prerendered page cannot know the visitor's choice: the server and the hydration render
 * show 'system', and the stored choice follows right after.
 */
const SERVER_SNAPSHOT: ThemeSnapshot = { preference: 'system', resolved: 'light' };

/** The theme preference (system, light or dark) and what it resolves to right now. */
export function useTheme(): ThemeSnapshot {
  return useSyncExternalStore(subscribe, computeSnapshot, () => SERVER_SNAPSHOT);
}
