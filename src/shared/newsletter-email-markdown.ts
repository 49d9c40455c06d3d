/**
 * The newsletter's Markdown, parsed once by markdown-it into tokens that feed both parts of
 * the mail: HTML with inline styles, and plain text. What the author may do is decided here:
 *
 * - raw HTML is text (`html: false`: markdown-it escapes it, never passes it through);
 * - links go only to http, https and mailto addresses; any other (javascript:, data:,
 *   vbscript:, relative, protocol-relative) stays plain text;
 * - pictures are never shown: `![alt](url)` becomes a link to the picture, labelled with its
 *   alt text. Mail clients block remote pictures until the reader allows them, a remote
 *   picture tells its host who opened the mail, and the admin's Content-Security-Policy
 *   (img-src 'self' data:) would block them in the preview anyway;
 * - tables are off: they need layout that mail clients render poorly, and a plain-text form.
 */
import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import { FONT, MONO, themed, type Palette, type Role } from './mail/theme';

/** The only addresses a link may have, checked on the normalised (percent-encoded) URL. */
function isAllowedUrl(url: string): boolean {
  return /^(https?:\/\/[^/?#\s]|mailto:[^\s])/i.test(url);
}

// `breaks`: a single line break in the text is one in the mail (a signature, an address).
const md = new MarkdownIt('default', {
  html: false,
  linkify: true,
  typographer: false,
  breaks: true,
});
md.disable('table');
// Bare addresses are linked only when they say their scheme (https://…) or are e-mail
// addresses; "acme.example" in a sentence stays text.
md.linkify.set({ fuzzyLink: false });
// markdown-it's own check only refuses a few schemes; ours allows three. A refused
// destination leaves the link, autolink or reference definition as plain text.
md.validateLink = isAllowedUrl;
md.core.ruler.push('newsletter_links_and_pictures', keepSafeLinks);

/**
 * Second line of defence, and the pictures: drops any link whose address is not allowed
 * (keeping its text) and turns each picture into a link to it, or into its alt text inside
 * another link (a link may not contain a link).
 */
function keepSafeLinks(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const kept: Token[] = [];
    const open: boolean[] = []; // for each open link: was it kept?
    for (const token of block.children) {
      if (token.type === 'link_open') {
        const allowed = isAllowedUrl(String(token.attrGet('href') ?? ''));
        open.push(allowed);
        if (allowed) kept.push(token);
      } else if (token.type === 'link_close') {
        if (open.pop()) kept.push(token);
      } else if (token.type === 'image') {
        kept.push(...pictureAsLink(state, token, open.includes(true)));
      } else {
        kept.push(token);
      }
    }
    block.children = kept;
  }
}

function pictureAsLink(state: StateCore, picture: Token, insideLink: boolean): Token[] {
  const src = String(picture.attrGet('src') ?? '');
  const alt = (picture.children ?? []).map((child) => child.content).join('');
  const label = new state.Token('text', '', 0);
  label.content = alt || src;
  if (insideLink || !isAllowedUrl(src)) return alt ? [label] : [];
  const open = new state.Token('link_open', 'a', 1);
  open.attrSet('href', src);
  return [open, label, new state.Token('link_close', 'a', -1)];
}

// Font and colour of the text come from the card's cell; headings set the font again, since
// Outlook gives headings a font of their own. Little per element: Gmail clips a mail's HTML
// past 102 KB, and a long newsletter has hundreds of elements.
const HEADING = `font-family:${FONT};margin:0 0 16px;line-height:1.3;font-weight:700`;
const CODE = `font-family:${MONO};font-size:14px`;

/** Each tag's role and layout; `pre` is the code block (fence and indented). */
const ELEMENTS: Record<string, [Role | undefined, string]> = {
  h1: [undefined, `${HEADING};font-size:26px`],
  h2: [undefined, `${HEADING};font-size:22px`],
  h3: [undefined, `${HEADING};font-size:18px`],
  h4: [undefined, `${HEADING};font-size:16px`],
  h5: [undefined, `${HEADING};font-size:16px`],
  h6: [undefined, `${HEADING};font-size:16px`],
  p: [undefined, 'margin:0 0 16px'],
  ul: [undefined, 'margin:0 0 16px;padding:0 0 0 24px'],
  ol: [undefined, 'margin:0 0 16px;padding:0 0 0 24px'],
  'nested list': [undefined, 'margin:6px 0 0;padding:0 0 0 24px'], // close to its item's text
  li: [undefined, 'margin:0 0 6px'],
  blockquote: ['quote', 'margin:0 0 16px;padding:0 0 0 16px;border-left:4px solid'],
  a: ['link', 'text-decoration:underline'],
  code: ['code', `${CODE};padding:1px 4px;border-radius:4px`],
  pre: [
    'code',
    `${CODE};margin:0 0 16px;padding:12px 16px;border-radius:6px;line-height:1.5;white-space:pre-wrap;word-break:break-word`,
  ],
  hr: ['rule', 'border:0;border-top:1px solid;margin:24px 0'],
};

// Code blocks: one <pre> that carries the style; the fence's info string (a language name) is
// not used, so nothing of it reaches the HTML.
md.renderer.rules.fence = md.renderer.rules.code_block = (tokens, idx, _options, _env, self) => {
  const token = tokens[idx];
  if (!token) return '';
  const code = token.content.replace(/\n$/, '');
  return `<pre${self.renderAttrs(token)}>${md.utils.escapeHtml(code)}</pre>\n`;
};

export type { Token as MarkdownToken };

/**
 * The Markdown parsed by the same rules (raw HTML as text, only safe links, pictures as links),
 * as markdown-it's tokens: for a screen that builds its own elements from them rather than
 * inserting HTML (the lead timeline's replies, client/admin/leads/reply-markdown.tsx).
 */
export function markdownTokens(markdown: string): Token[] {
  return md.parse(markdown, {});
}

/** The Markdown as HTML, each element styled from the palette. */
export function markdownToHtml(markdown: string, palette: Palette): string {
  const tokens = md.parse(markdown, {});
  const style = (token: Token, tag: string) => {
    const element = ELEMENTS[tag];
    if (!element || token.nesting === -1) return;
    const { class: className, style: css } = themed(element[0], palette, element[1]);
    if (className) token.attrSet('class', className);
    token.attrSet('style', css);
  };
  let items = 0; // list items open around the token
  for (const token of tokens) {
    if (token.type === 'list_item_open') items++;
    if (token.type === 'list_item_close') items--;
    const list = token.tag === 'ul' || token.tag === 'ol';
    const code = token.type === 'fence' || token.type === 'code_block';
    style(token, list && items > 0 ? 'nested list' : code ? 'pre' : token.tag);
    for (const child of token.children ?? []) style(child, child.tag);
  }
  return md.renderer.render(tokens, md.options, {});
}

/** An open container in the text part: a list item ("- ", "2. ") or a quote ("> "). */
interface Container {
  first: string;
  rest: string;
  started: boolean;
}

/**
 * The Markdown as plain text, in the shapes plain-text mail has always used: underlined
 * headings, "- " and "1. " items, "> " quotes, code indented by four spaces, links as
 * "text (url)", blocks apart by one empty line. `flow`: a paragraph's single line breaks are
 * spaces, for text laid out again (a proposal's PDF, docs/proposals.md, "The signed PDF").
 */
export function markdownToText(markdown: string, options: { flow?: boolean } = {}): string {
  const tokens = md.parse(markdown, {});
  const lines: string[] = [];
  const containers: Container[] = [];
  const lists: { ordered: boolean; next: number }[] = []; // the open lists, innermost last
  let blankFirst = false;

  // A line starts with each open container's marker, the first time, then with its
  // indentation; an empty line between blocks carries only the markers already shown.
  const write = (text: string) => {
    if (blankFirst && lines.length > 0) {
      lines.push(
        containers
          .map((c) => (c.started ? c.rest : ''))
          .join('')
          .trimEnd(),
      );
    }
    blankFirst = false;
    for (const line of text.split('\n')) {
      const start = containers.map((c) => (c.started ? c.rest : c.first)).join('');
      lines.push(`${start}${line}`.trimEnd());
      for (const c of containers) c.started = true;
    }
  };

  tokens.forEach((token, i) => {
    switch (token.type) {
      case 'inline': {
        const text = inlineText(token.children ?? [], options.flow ? ' ' : '\n');
        const heading = tokens[i - 1]?.type === 'heading_open' ? tokens[i - 1]?.tag : undefined;
        if (!heading) write(text);
        else write(`${text}\n${(heading === 'h1' ? '=' : '-').repeat(longestLine(text))}`);
        break;
      }
      case 'paragraph_open':
        blankFirst ||= !token.hidden; // hidden: an item of a tight list, no empty line
        break;
      case 'heading_open':
      case 'blockquote_open':
      case 'hr':
      case 'fence':
      case 'code_block':
        blankFirst = true;
        if (token.type === 'blockquote_open') containers.push(container('> '));
        if (token.type === 'hr') write('----------');
        if (token.type === 'fence' || token.type === 'code_block') {
          write(token.content.replace(/\n$/, '').replace(/^/gm, '    '));
        }
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        blankFirst ||= lists.length === 0; // a list inside an item follows its text directly
        lists.push({
          ordered: token.type === 'ordered_list_open',
          next: Number(token.attrGet('start') ?? 1), // numbered as the HTML part's <ol start>
        });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists.at(-1);
        containers.push(container(list?.ordered ? `${list.next++}. ` : '- '));
        break;
      }
      case 'list_item_close':
      case 'blockquote_close':
        if (!containers.at(-1)?.started) write(''); // an empty item still shows its marker
        containers.pop();
        break;
    }
  });
  return lines.join('\n');
}

function container(marker: string): Container {
  return {
    first: marker,
    rest: marker === '> ' ? marker : ' '.repeat(marker.length),
    started: false,
  };
}

function longestLine(text: string): number {
  return Math.max(...text.split('\n').map((line) => [...line].length));
}

/**
 * A paragraph's or heading's text; a link is "text (url)" unless its text is its address. A
 * single line break of the source is `softBreak`.
 */
function inlineText(children: Token[], softBreak: string): string {
  let text = '';
  const links: { href: string; start: number; auto: boolean }[] = [];
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak') text += softBreak;
    else if (child.type === 'hardbreak') text += '\n';
    else if (child.type === 'link_open') {
      const href = String(child.attrGet('href') ?? '');
      links.push({ href, start: text.length, auto: child.info === 'auto' });
    } else if (child.type === 'link_close') {
      const link = links.pop();
      if (!link) continue;
      const label = text.slice(link.start);
      const sameAsLabel = link.auto || link.href === label || link.href === `mailto:${label}`;
      if (!sameAsLabel) text += ` (${link.href})`;
    }
  }
  return text;
}
