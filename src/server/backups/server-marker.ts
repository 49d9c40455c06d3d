/**
 * How `npm run admin -- restore` knows a server runs on the file (docs/operations.md,
 * "Restoring"): a running server keeps `<DATABASE_PATH>.server` holding its id
 * (`host:pid:random`, platform/claim-owner.ts), written at start and removed at a clean stop.
 * A marker left by a server that crashed on this machine names a process that no longer
 * exists, and is ignored; one written on another machine (a shared volume) cannot be judged
 * from here, and restore refuses until it is removed by hand.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { claimerIsGone } from '#server/platform/claim-owner';

export const markerOf = (databaseFile: string) => `${databaseFile}.server`;

export function markRunning(databaseFile: string, id: string): () => void {
  const marker = markerOf(databaseFile);
  writeFileSync(marker, `${id}\n`, { mode: 0o600 });
  return () => {
    try {
      if (readFileSync(marker, 'utf8').trim() === id) rmSync(marker, { force: true });
    } catch {
      // Already gone.
    }
  };
}

/** The id of a server that may be running on the file; null when none is. */
export function runningServer(databaseFile: string): string | null {
  let id: string;
  try {
    id = readFileSync(markerOf(databaseFile), 'utf8').trim();
  } catch {
    return null;
  }
  if (!id || claimerIsGone(id)) return null;
  return id;
}
