/**
 * An uploaded SVG logo made harmless with DOMPurify on jsdom: scripts, event handlers
 * (onload=…), foreign HTML, CSS (`<style>` and `style=`: `@import` and `url()` fetch from
 * anywhere) and links out are removed. It is also served with a policy that runs no script
 * (serve.ts) and shown through <img>, which never runs one: three walls (docs/content.md).
 */
import type createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';

/** A CSS `url(…)` whose address is not `#an-id` of this document (quoted or not). */
const OUTSIDE_URL = /url\(\s*(?!['"]?#)/i;

let purifier: ReturnType<typeof createDOMPurify> | null = null;
let window: JSDOM['window'] | null = null;

/**
 * jsdom is loaded at the first SVG upload, not when the server starts: it alone takes about
 * 0.45 s to load (docs/operations.md, "Start-up time"), and most servers never see an SVG.
 */
async function purify() {
  if (purifier) return purifier;
  const [{ default: createPurifier }, { JSDOM: Dom }] = await Promise.all([
    import('dompurify'),
    import('jsdom'),
  ]);
  if (purifier) return purifier;
  window = new Dom('').window;
  purifier = createPurifier(window);
  // A reference inside the document (<use href="#part">, fill="url(#gradient)") stays; one
  // to anywhere else goes, as a link or as a presentation attribute's url().
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    const link = data.attrName === 'href' || data.attrName === 'xlink:href';
    if (link ? !data.attrValue.trim().startsWith('#') : OUTSIDE_URL.test(data.attrValue)) {
      data.keepAttr = false;
    }
  });
  return purifier;
}

/**
 * The sanitised document, or null when nothing of an <svg> is left. DOMPurify reads it as HTML
 * (which keeps viewBox's case and takes an <svg> without xmlns), and the result is written out
 * as XML: an image file must be XML, which HTML's serialisation (`&nbsp;`, no namespace) is not.
 * <use>, which design tools export for repeated parts, is kept; the hook above keeps it inside.
 */
export async function sanitizeSvg(text: string): Promise<string | null> {
  const body = (await purify()).sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'script', 'a', 'style'],
    FORBID_ATTR: ['style'],
    RETURN_DOM: true,
  });
  const elements = Array.from(body.childNodes).filter(
    (node): node is Element => node.nodeType === node.ELEMENT_NODE,
  );
  const root = elements.length === 1 ? elements[0] : undefined;
  if (!window || root?.localName !== 'svg') return null;
  return `${new window.XMLSerializer().serializeToString(root)}
`;
}
