import type { Page } from 'playwright-core';

export interface ShiftRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One layout-shift entry, with what moved: enough to tell from a failure which element it was. */
export interface LayoutShiftRecord {
  value: number;
  /** ms since navigation (performance.now() time). */
  startTime: number;
  hadRecentInput: boolean;
  sources: { node: string; previousRect: ShiftRect; currentRect: ShiftRect }[];
}

/**
 * Every layout shift since the page started (buffered entries), each with its sources: the
 * node (tag, id, classes, start of its text) and its rectangles before and after. Reads them
 * two rendered frames after the call, so a shift caused just before has been measured.
 * A shift's `value` counts even with `hadRecentInput`: whatever the cause, the page moved.
 */
export function layoutShifts(page: Page): Promise<LayoutShiftRecord[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    interface Source {
      node: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as Entry[];
    observer.disconnect();
    const describe = (node: Node | null): string => {
      if (node === null) return '(removed node)';
      if (!(node instanceof Element)) return `${node.nodeName} in ${describe(node.parentNode)}`;
      const id = node.id ? `#${node.id}` : '';
      const classes = typeof node.className === 'string' ? node.className.trim() : '';
      const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${node.tagName.toLowerCase()}${id}${classes ? ` class="${classes}"` : ''}> "${text}"`;
    };
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => ({ x, y, width, height });
    return entries.map((entry) => ({
      value: entry.value,
      startTime: entry.startTime,
      hadRecentInput: entry.hadRecentInput,
      sources: entry.sources.map((source) => ({
        node: describe(source.node),
        previousRect: rect(source.previousRect),
        currentRect: rect(source.currentRect),
      })),
    }));
  });
}
