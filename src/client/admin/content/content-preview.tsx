import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { SiteContent } from '#shared/site-content';
import { HomePage } from '#client/home/home-page';
import { PublicLayout } from '#client/home/public-layout';
import { SiteContentProvider } from '#client/home/site-content-context';

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The home page as the form describes it, drawn by the public components themselves inside a
 * frame of the chosen width, so their phone and desktop layouts (media queries) apply as on a
 * real screen. The frame is an empty same-origin document the components are rendered into
 * (a portal); it gets the admin's stylesheet and theme.
 */
export function ContentPreview({ content }: { content: SiteContent }) {
  const [width, setWidth] = useState<Width>('phone');
  return (
    <section aria-labelledby="content-preview-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="content-preview-title" className="text-lg font-semibold text-ink">
          Preview
        </h2>
        <div role="group" aria-label="Preview width" className="flex gap-1">
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className="rounded-md border border-line px-3 py-1 text-sm text-ink aria-pressed:bg-line focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            >
              {w === 'phone' ? 'Phone' : 'Desktop'}
            </button>
          ))}
        </div>
      </div>
      <p className="text-sm text-muted">
        How the home page will look with the texts as typed, before saving.
      </p>
      {/* Focusable, so a keyboard can scroll a preview wider or taller than the screen. */}
      <div
        role="region"
        aria-label={`Preview, ${width} width`}
        tabIndex={0}
        className="overflow-auto rounded-lg border border-line bg-subtle focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <PreviewFrame width={WIDTHS[width]} title={`Preview of the home page, ${width} width`}>
          <SiteContentProvider content={content}>
            <PublicLayout onHome>
              <HomePage />
            </PublicLayout>
          </SiteContentProvider>
        </PreviewFrame>
      </div>
    </section>
  );
}

function PreviewFrame({
  width,
  title,
  children,
}: {
  width: number;
  title: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    // The admin's styles (inlined <style> and any stylesheet link) and its theme.
    for (const node of document.querySelectorAll('style, link[rel="stylesheet"]')) {
      doc.head.append(node.cloneNode(true));
    }
    const syncTheme = () => {
      doc.documentElement.className = document.documentElement.className;
      doc.documentElement.style.colorScheme = document.documentElement.style.colorScheme;
    };
    syncTheme();
    const observer = new MutationObserver(syncTheme);
    observer.observe(document.documentElement, { attributes: true });
    doc.body.className = document.body.className;
    // A picture of the page: its links, buttons and landmarks are not part of this screen
    // (the form holds every text), so nothing in it takes focus or reaches assistive tech.
    doc.body.inert = true;
    setBody(doc.body);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <iframe
        ref={frame}
        title={title}
        aria-hidden="true"
        tabIndex={-1}
        style={{ width, height: 720 }}
        className="mx-auto block max-w-none bg-white"
      />
      {body ? createPortal(children, body) : null}
    </>
  );
}
