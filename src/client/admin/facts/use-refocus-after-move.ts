import { useEffect, useRef } from 'react';
import type { Fact } from '#shared/shapes/facts';

/**
 * The fact list's grid and the move to refocus: call `refocusOnceMoved` before moving a fact
 * and its Move button gets the focus back once the row is re-rendered in its new place.
 */
export function useRefocusAfterMove(facts: Fact[]) {
  const gridRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);

  // A moved row's element is re-inserted in the DOM, which drops the focus of the button
  // just pressed: put it back on the same button (or the other one when it reached an end),
  // so keyboard users can keep moving the fact. The collection renders the new order a
  // frame or so after the data changes, hence the short wait for the row to arrive.
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    const expectedIndex = facts.findIndex((f) => f.id === wanted.id);
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const rows = [...(gridRef.current?.querySelectorAll('[role="row"]') ?? [])];
      const row = rows[expectedIndex];
      if (!row || row.getAttribute('data-key') !== String(wanted.id)) {
        if (++tries < 30) frame = requestAnimationFrame(attempt);
        return;
      }
      refocus.current = null;
      const label = (d: 'up' | 'down') => (d === 'up' ? 'Move up' : 'Move down');
      const same = row.querySelector<HTMLButtonElement>(
        `button[aria-label="${label(wanted.direction)}"]`,
      );
      const other = row.querySelector<HTMLButtonElement>(
        `button[aria-label="${label(wanted.direction === 'up' ? 'down' : 'up')}"]`,
      );
      const target = same && !same.disabled ? same : other;
      target?.focus();
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [facts]);

  const refocusOnceMoved = (id: number, direction: 'up' | 'down') => {
    refocus.current = { id, direction };
  };
  return { gridRef, refocusOnceMoved };
}
