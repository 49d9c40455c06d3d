/**
 * XML written as text, the way the invoices' EN 16931 XML (src/server/invoices/cii-xml.ts) and the PDFs' XMP metadata are built: every text escaped,
 * elements with nothing in them left out, two spaces of indentation. Line breaks and tabs
 * inside a text are written as character references, so indenting never changes a text;
 * the few characters XML 1.0 cannot carry at all (most control characters) are left out.
 */

/** XML 1.0's characters (its Char production) leave out the C0 controls but tab, LF and CR. */
const CONTROLS = /[\p{Cc}\uFFFE\uFFFF]/gu;
const inXml = (char: string) =>
  char === '\t' || char === '\n' || char === '\r' || (char >= '\u007F' && char < '\uFFFE');
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** Text safe inside an element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(CONTROLS, (char) => (inXml(char) ? char : ''))
    .replace(/[&<>"'\n\r\t]/g, (char) => ESCAPES[char] ?? '');
}

type Attributes = Record<string, string>;

const attributeText = (attributes: Attributes) =>
  Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');

/** `<name>text</name>`, or nothing when there is no text. */
export function leaf(name: string, text: string | null | undefined, attributes: Attributes = {}) {
  if (text === null || text === undefined || text === '') return '';
  return `<${name}${attributeText(attributes)}>${escapeXml(text)}</${name}>`;
}

/** An element around `children` (elements already written), or nothing when they are all empty. */
export function node(name: string, children: string[], attributes: Attributes = {}): string {
  const inner = children.filter(Boolean);
  if (inner.length === 0) return '';
  const indented = inner.join('\n').replace(/^/gm, '  ');
  return `<${name}${attributeText(attributes)}>\n${indented}\n</${name}>`;
}
