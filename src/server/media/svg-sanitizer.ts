/**
 * An uploaded SVG logo made harmless with DOMPurify on jsdom: scripts, event handlers
 * (onload=…), foreign HTML and links out are removed. It is also served with a policy that
 * runs no script (serve.ts) and shown through <img>, which never runs one: three walls.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: ReturnType<typeof createDOMPurify> | null = null;

function purify() {
  if (purifier) return purifier;
  purifier = createDOMPurify(new JSDOM('').window);
  // A reference inside the document (<use href="#part">) stays; one to anywhere else goes.
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (
      (data.attrName === 'href' || data.attrName === 'xlink:href') &&
      !data.attrValue.trim().startsWith('#')
    ) {
      data.keepAttr = false;
    }
  });
  return purifier;
}

/** The sanitised document, or null when nothing of an <svg> is left. */
export function sanitizeSvg(text: string): string | null {
  const clean = purify().sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'a'],
  });
  const trimmed = clean.trim();
  return /^<svg[\s>]/i.test(trimmed) ? `${trimmed}\n` : null;
}
