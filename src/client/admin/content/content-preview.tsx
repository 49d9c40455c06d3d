import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import type { SiteContent } from '#shared/site-content';
import { HomePage } from '#client/home/home-page';
import { PublicLayout } from '#client/home/public-layout';
import { SiteContentProvider } from '#client/home/site-content-context';

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;
const FRAME_HEIGHT = 720;

/**
 * The home page as the form describes it, drawn by the public components themselves inside a
 * frame of the chosen width, so their phone and desktop layouts (media queries) apply as on a
 * real screen. The frame is an empty same-origin document the components are rendered into
 * (a portal); it gets the admin's stylesheet and theme. A frame wider than its box is scaled
 * down to fit it whole, never clipped (docs/admin-guide.md, "Content"). `regionRef` is the
 * frame's box: the narrow screen's "Preview" button brings it into view (content-editor.tsx).
 */
export function ContentPreview({
  content,
  regionRef,
}: {
  content: SiteContent;
  regionRef?: Ref<HTMLDivElement>;
}) {
  const [width, setWidth] = useState<Width>('phone');
  return (
    <section
      id="content-preview"
      aria-labelledby="content-preview-title"
      className="flex scroll-mt-4 flex-col gap-3"
    >
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
      {/* Focused by the "Preview" button on a narrow screen, so the keyboard starts here. */}
      <div
        ref={regionRef}
        role="region"
        aria-label={`Preview, ${width} width`}
        tabIndex={-1}
        className="overflow-hidden rounded-lg border border-line bg-subtle focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
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
  const [box, scale] = useFitScale(width);

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
    // The frame keeps its real width (the page's media queries see a phone) and is drawn
    // scaled; the box around it takes the scaled size, so nothing is cut off.
    <div ref={box} className="w-full">
      <div
        className="mx-auto overflow-hidden"
        style={{ width: width * scale, height: FRAME_HEIGHT * scale }}
      >
        <iframe
          ref={frame}
          title={title}
          aria-hidden="true"
          tabIndex={-1}
          style={{
            width,
            height: FRAME_HEIGHT,
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
          }}
          className="block max-w-none bg-white"
        />
      </div>
      {body ? createPortal(children, body) : null}
    </div>
  );
}

/** The scale (at most 1) that fits `width` px into the box's width, followed as it resizes. */
function useFitScale(width: number) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setRoom(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Before the first measure (and where nothing is laid out, as in jsdom) the frame is unscaled.
  const scale = room ? Math.min(1, room / width) : 1;
  return [box, scale] as const;
}
