/**
 * Who holds a recipient's claim, and whether that holder is known to be gone. A sender's id
 * is `host:pid:random`. On its own machine an instance can tell that a claimer died (its
 * process no longer exists, or it had this very pid before a restart, as a container's pid 1
 * does), so a restart after a crash fails the interrupted recipients at once instead of
 * after the lease. A claimer on another machine is only judged by the lease.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** The ids of the senders running in this process. */
const liveHere = new Set<string>();

export function newSenderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function markLive(id: string): void {
  liveHere.add(id);
}

export function markStopped(id: string): void {
  liveHere.delete(id);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True only when the claimer is certainly not running: on this machine and gone. */
export function claimerIsGone(claimedBy: string): boolean {
  const parts = claimedBy.split(':');
  if (parts.length !== 3 || parts[0] !== hostname()) return false;
  const pid = Number(parts[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return !liveHere.has(claimedBy);
  return !processExists(pid);
}
