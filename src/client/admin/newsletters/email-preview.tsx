import { useMemo } from 'react';
import {
  formatKilobytes,
  GMAIL_CLIP_WARN_BYTES,
  renderPreview,
  type PreviewParts,
} from './email-preview-render';
import { useDebouncedValue } from '../ui/use-debounced-value';

/** docs/product.md, "Newsletter editor": the preview follows the typing after this pause. */
export const PREVIEW_DEBOUNCE_MS = 200;

interface EmailPreviewProps {
  subject: string;
  body: string;
  /** How the mail is made: a newsletter by default; a lead's reply passes its own. */
  render?: (subject: string, markdown: string, siteUrl: string) => PreviewParts;
}

/**
 * The HTML e-mail in the light and the dark scheme (side by side from 1024 px, one above the
 * other below), then the text part. Each HTML part is shown in an iframe with `sandbox=""`
 * (no script, an origin of its own, no forms, no top navigation) and `srcdoc`, so the mail's
 * markup and styles never touch the admin page, and nothing is fetched.
 */
export function EmailPreview({ subject, body, render = renderPreview }: EmailPreviewProps) {
  // Each string apart: a value compared by identity, an object would never settle.
  const settledSubject = useDebouncedValue(subject, PREVIEW_DEBOUNCE_MS);
  const settledBody = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const preview = useMemo(
    () => render(settledSubject, settledBody, window.location.origin),
    [render, settledSubject, settledBody],
  );
  const tooBig = preview.htmlBytes > GMAIL_CLIP_WARN_BYTES;

  return (
    <section aria-labelledby="preview-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="preview-heading" className="text-lg font-semibold text-ink">
          Preview
        </h2>
        <p className="text-sm text-muted">HTML size: {formatKilobytes(preview.htmlBytes)}</p>
      </div>
      {tooBig ? (
        <p
          role="status"
          className="rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200"
        >
          Warning: this e-mail's HTML is {formatKilobytes(preview.htmlBytes)}. Gmail cuts mails over
          about 100 KB and shows a "View entire message" link instead of the rest. Shorten the text.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <PreviewFrame label="Light" html={preview.light} />
        <PreviewFrame label="Dark" html={preview.dark} />
      </div>
      <div className="flex flex-col gap-1">
        <h3 id="preview-text-heading" className="text-sm font-medium text-ink">
          Text version
        </h3>
        {/* Focusable: a scrolling region must be reachable with the keyboard. */}
        <pre
          tabIndex={0}
          aria-labelledby="preview-text-heading"
          className="max-h-80 overflow-auto rounded-md border border-line bg-subtle p-3 text-sm whitespace-pre-wrap break-words text-ink focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:focus-visible:ring-brand-400"
        >
          {preview.text}
        </pre>
      </div>
    </section>
  );
}

function PreviewFrame({ label, html }: { label: 'Light' | 'Dark'; html: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-medium text-ink">{label}</figcaption>
      <iframe
        title={`E-mail preview, ${label.toLowerCase()} scheme`}
        sandbox=""
        srcDoc={html}
        className="h-[36rem] w-full rounded-md border border-line bg-white"
      />
    </figure>
  );
}
