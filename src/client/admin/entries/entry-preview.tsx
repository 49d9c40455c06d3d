import { useId, useState } from 'react';
import type { Entry } from '#shared/shapes/entries';

const WIDTHS = {
  phone: { label: 'Phone (390 px)', className: 'w-[390px] max-w-none' },
  full: { label: 'Full width', className: 'w-full' },
} as const;
type Width = keyof typeof WIDTHS;

/**
 * The saved entry as its page will look (docs/admin-guide.md, "Preview"): the server's own
 * page in a frame (GET /api/entries/:id/preview, the one answer the admin may frame), in the
 * site's style, at a phone's width or the card's. Drawn again after each save or new cover.
 */
export function EntryPreview({ entry }: { entry: Entry }) {
  const [width, setWidth] = useState<Width>('phone');
  const name = useId();
  return (
    <section aria-labelledby={`${name}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${name}-title`} className="text-xl font-semibold text-ink">
          Preview
        </h2>
        <fieldset className="flex flex-wrap items-center gap-4">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((key) => (
            <label key={key} className="flex min-h-11 items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name={name}
                value={key}
                checked={width === key}
                onChange={() => setWidth(key)}
                className="h-4 w-4 accent-brand-700 dark:accent-brand-400"
              />
              {WIDTHS[key].label}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="text-sm text-muted">
        The saved version, as visitors will see it
        {entry.status === 'draft' ? ' once published' : ''}. Save to see your latest changes here.
      </p>
      {/* A phone's width is wider than the card on a phone: the frame scrolls sideways. */}
      <div
        className="overflow-x-auto rounded-md border border-line bg-subtle"
        tabIndex={0}
        role="region"
        aria-label="Preview frame"
      >
        <iframe
          key={`${entry.version}:${entry.updatedAt}`}
          src={`/api/entries/${entry.id}/preview`}
          title={`Preview of “${entry.title}”`}
          data-width={width}
          className={`mx-auto block h-[48rem] border-0 bg-white ${WIDTHS[width].className}`}
        />
      </div>
    </section>
  );
}
