import { useLayoutEffect, useRef, useState } from 'react';
import type { MediaImage } from '#shared/shapes/media';
import { Logo } from '#client/ui/logo';

/**
 * The width the public header gives its logo link on a 390 px phone: the screen less the
 * header's padding, its gap and the theme switch and menu button beside it (site-header.tsx).
 * tests/e2e/admin-content.test.ts measures the real header and fails when this is not it.
 */
export const PHONE_HEADER_LOGO_WIDTH = 160;

/**
 * What a phone's header shows of the short name: the public `Logo` itself, drawn out of sight
 * at the width the header gives it, read back as it is cut ("Acme AI Eng…"), with the site's
 * font and the uploaded logo beside it, as typed (docs/admin-guide.md, "Content"). Nothing
 * while it cannot be measured (before layout; in tests without one).
 */
export function PhoneName({
  name,
  shortName,
  image,
}: {
  name: string;
  shortName: string;
  image?: MediaImage | undefined;
}) {
  const box = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState<string | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const clamped = box.current?.querySelector<HTMLElement>('.line-clamp-2');
      setShown(clamped ? clampedText(clamped) : null);
    };
    measure();
    // Measured again once the site's font is in: a fallback font is wider or narrower.
    let current = true;
    void document.fonts?.ready.then(() => {
      if (current) measure();
    });
    return () => {
      current = false;
    };
  }, [name, shortName, image]);

  return (
    <>
      <span
        ref={box}
        aria-hidden="true"
        className="pointer-events-none invisible fixed top-0 -left-[9999px] flex"
        style={{ width: PHONE_HEADER_LOGO_WIDTH }}
      >
        <Logo name={name} shortName={shortName} image={image} />
      </span>
      {shown === null ? null : (
        <span data-phone-name>
          {shown === shortName
            ? ` A phone’s header shows it whole: “${shown}”.`
            : ` A phone’s header shows “${shown}”.`}
        </span>
      )}
    </>
  );
}

/**
 * The text a line-clamped element shows: the characters laid out on its visible lines, and
 * when some are cut, those the "…" at the end of the last line leaves. Null without layout.
 */
export function clampedText(element: HTMLElement): string | null {
  const node = element.firstChild;
  const box = element.getBoundingClientRect();
  const range = document.createRange();
  if (!(node instanceof Text) || box.width === 0 || !('getBoundingClientRect' in range)) {
    return null;
  }
  const text = node.data;
  const rectOf = (i: number) => {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    return range.getBoundingClientRect();
  };
  let count = 0;
  while (count < text.length && rectOf(count).bottom <= box.bottom + 0.5) count += 1;
  if (count === text.length) return text;
  const ellipsis = textWidth('…', element);
  // Strictly inside the line, as Chrome places it ("Engineeri" + "…" 0.5 px over: "Engineer…").
  while (count > 0 && rectOf(count - 1).right + ellipsis > box.right) count -= 1;
  return `${text.slice(0, count).trimEnd()}…`;
}

/** The width of `text` in the element's font, laid out out of sight (then removed). */
function textWidth(text: string, element: HTMLElement): number {
  const probe = document.createElement('span');
  probe.textContent = text;
  probe.style.font = getComputedStyle(element).font;
  probe.style.position = 'fixed';
  probe.style.visibility = 'hidden';
  probe.style.whiteSpace = 'pre';
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
}
