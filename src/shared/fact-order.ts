/**
 * How the facts list is rearranged: one implementation for the admin's optimistic update and
 * for the server's transaction, so the list the admin sees is the list that gets stored. The
 * functions answer the new arrangement with its display orders; the server then writes the
 * rows whose order changed.
 */
export interface Ordered {
  id: number;
  order: number;
}

/** `list` in its new arrangement, numbered 1..n. */
function numbered<T extends Ordered>(list: T[]): T[] {
  return list.map((item, i) => (item.order === i + 1 ? item : { ...item, order: i + 1 }));
}

/**
 * Takes `id` out of the list and puts it just before or after `targetId`. Placing relative to
 * a fact, not an index, keeps the intent right even if the client's list was slightly stale.
 * Null when either fact is not in the list.
 */
export function placeFact<T extends Ordered>(
  list: T[],
  id: number,
  targetId: number,
  position: 'before' | 'after',
): T[] | null {
  const moving = list.find((f) => f.id === id);
  if (!moving || !list.some((f) => f.id === targetId)) return null;
  if (id === targetId) return list;
  const arranged = list.filter((f) => f.id !== id);
  const targetIndex = arranged.findIndex((f) => f.id === targetId);
  arranged.splice(position === 'before' ? targetIndex : targetIndex + 1, 0, moving);
  return numbered(arranged);
}

/**
 * Swaps a fact with its neighbour: the two exchange their display orders. When the list has
 * equal orders, exchanging two values could leave the pair where it was (ties fall back to
 * id), so the list is numbered 1..n in its new arrangement instead. At either end nothing
 * changes; null when the fact is not in the list.
 */
export function swapWithNeighbour<T extends Ordered>(
  list: T[],
  id: number,
  direction: 'up' | 'down',
): T[] | null {
  const index = list.findIndex((f) => f.id === id);
  if (index === -1) return null;
  const other = direction === 'up' ? index - 1 : index + 1;
  const current = list[index];
  const neighbour = list[other];
  if (!current || !neighbour) return list;
  const arranged = [...list];
  const strictlyIncreasing = list.every((f, i) => i === 0 || (list[i - 1]?.order ?? 0) < f.order);
  if (strictlyIncreasing) {
    arranged[index] = { ...neighbour, order: current.order };
    arranged[other] = { ...current, order: neighbour.order };
    return arranged;
  }
  arranged[index] = neighbour;
  arranged[other] = current;
  return numbered(arranged);
}
