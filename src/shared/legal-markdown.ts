/**
 * The legal pages' Markdown as HTML, rendered on the server only (the page's JavaScript never
 * carries markdown-it). The same safety rules as newsletters
 * (newsletter-email-markdown.ts): raw HTML is escaped, never passed through, and links go only
 * to http, https and mailto addresses, or to a page of this site (`/privacy`); any other link,
 * and every picture, stays plain text. A single line break stays a line break (an address
 * block, a signature), and tables are drawn as tables (styles.css, `.legal-text`).
 *
 * The entries' bodies follow the same rules with one more (entry-body-html.ts): pictures
 * uploaded to this site are kept. `safeMarkdown` is the one implementation of both.
 */
import MarkdownItFactory, { type MarkdownIt, type StateCore, type Token } from 'markdown-it';

/** Another site (http, https), an address (mailto), or a path on this site (not `//host`). */
function isAllowedUrl(url: string): boolean {
  return /^(https?:\/\/[^/?#\s]|mailto:[^\s]|\/(?![/\\]))/i.test(url);
}

/**
 * A Markdown renderer with the legal pages' rules; `keepImage` says which pictures stay.
 * `breaks: false` reads a single line break inside a paragraph as a space (CommonMark's own
 * reading), for text that reflows on a phone: a proposal's summary and terms.
 */
export function safeMarkdown(
  keepImage: (src: string) => boolean,
  options: { breaks?: boolean } = {},
): MarkdownIt {
  const md = new MarkdownItFactory('default', {
    html: false,
    linkify: true,
    typographer: false,
    breaks: options.breaks ?? true,
  });
  md.linkify.set({ fuzzyLink: false });
  md.validateLink = isAllowedUrl;
  md.core.ruler.push('legal_links', (state) => keepSafeLinks(state, keepImage));
  // A table in a box of its own that scrolls sideways on a phone, reachable by keyboard.
  md.renderer.rules.table_open = () => '<div class="legal-table" tabindex="0">\n<table>\n';
  md.renderer.rules.table_close = () => '</table>\n</div>\n';
  return md;
}

/** A picture as its alt text. */
function altText(state: StateCore, image: Token): Token {
  const text = new state.Token('text', '', 0);
  text.content = (image.children ?? []).map((child) => child.content).join('');
  return text;
}

/** Drops any link whose address is not allowed (keeping its text), and pictures not kept (their alt). */
function keepSafeLinks(state: StateCore, keepImage: (src: string) => boolean): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const open: boolean[] = [];
    block.children = block.children.flatMap((token) => {
      if (token.type === 'link_open') {
        const allowed = isAllowedUrl(String(token.attrGet('href') ?? ''));
        open.push(allowed);
        if (allowed && /^https?:/i.test(String(token.attrGet('href')))) {
          token.attrSet('rel', 'noopener noreferrer');
        }
        return allowed ? [token] : [];
      }
      if (token.type === 'link_close') return open.pop() ? [token] : [];
      if (token.type === 'image') {
        return keepImage(String(token.attrGet('src') ?? '')) ? [token] : [altText(state, token)];
      }
      return [token];
    });
  }
}

const legal = safeMarkdown(() => false);
const flowing = safeMarkdown(() => false, { breaks: false });

/**
 * The Markdown as HTML by the legal pages' rules. `flow`: a paragraph's single line breaks
 * are spaces (a proposal's words, docs/proposals.md, "The client's page"); two spaces or a
 * backslash at a line's end still break it.
 */
export function legalMarkdownToHtml(markdown: string, options: { flow?: boolean } = {}): string {
  return (options.flow ? flowing : legal).render(markdown);
}
