/**
 * The legal pages' Markdown as HTML, rendered on the server only (the page's JavaScript never
 * carries markdown-it). The same safety rules as newsletters
 * (newsletter-email-markdown.ts): raw HTML is escaped, never passed through, and links go only
 * to http, https and mailto addresses; any other link, and every picture, stays plain text.
 */
import MarkdownIt, { type StateCore } from 'markdown-it';

function isAllowedUrl(url: string): boolean {
  return /^(https?:\/\/[^/?#\s]|mailto:[^\s])/i.test(url);
}

const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
md.linkify.set({ fuzzyLink: false });
md.validateLink = isAllowedUrl;
md.core.ruler.push('legal_links', keepSafeLinks);

/** Drops any link whose address is not allowed (keeping its text), and pictures (their alt). */
function keepSafeLinks(state: StateCore): void {
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
        const text = new state.Token('text', '', 0);
        text.content = (token.children ?? []).map((child) => child.content).join('');
        return [text];
      }
      return [token];
    });
  }
}

export function legalMarkdownToHtml(markdown: string): string {
  return md.render(markdown);
}
