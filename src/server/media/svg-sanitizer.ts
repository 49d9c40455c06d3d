/**
 * An uploaded SVG logo made harmless with DOMPurify on jsdom: scripts, event handlers
 * (onload=…), foreign HTML and links out are removed. It is also served with a policy that
 * runs no script (serve.ts) and shown through <img>, which never runs one: three walls.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: ReturnType<typeof createDOMPurify> | null = null;
let window: JSDOM['window'] | null = null;

function purify() {
  if (purifier) return purifier;
  window = new JSDOM('').window;
  purifier = createDOMPurify(window);
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

/**
 * The sanitised document, or null when nothing of an <svg> is left. DOMPurify reads it as HTML
 * (which keeps viewBox's case and takes an <svg> without xmlns), and the result is written out
 * as XML: an image file must be XML, which HTML's serialisation (`&nbsp;`, no namespace) is not.
 * <use>, which design tools export for repeated parts, is kept; the hook above keeps it inside.
 */
export function sanitizeSvg(text: string): string | null {
  const body = purify().sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'script', 'a'],
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
