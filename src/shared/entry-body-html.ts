/**
 * An entry's body as HTML (docs/content.md, "Case studies and insights"): the legal pages'
 * rules (legal-markdown.ts: raw HTML escaped, only safe links), plus the pictures uploaded in
 * the admin (entry-markdown.ts, `isUploadedImage`; any other picture was refused at the save
 * and would stay its alt text here) and fenced code, escaped, in `<pre><code>`. The one
 * rendering of a body: the entry pages (server/entries/) and the feeds use it, so a reader
 * gets the same text wherever it is read.
 *
 * The page's title is its one `<h1>`: the body's headings start one level lower (`#` is an
 * `<h2>`), so its outline stays whole.
 */
import type { Token } from 'markdown-it';
import { isUploadedImage } from './entry-markdown';
import { safeMarkdown } from './legal-markdown';

const md = safeMarkdown(isUploadedImage);

function lowerHeading(tokens: Token[], index: number): void {
  const token = tokens[index];
  if (!token) return;
  const level = Number(token.tag.slice(1));
  token.tag = `h${Math.min(level + 1, 6)}`;
}

md.renderer.rules.heading_open = (tokens, index, options, _env, self) => {
  lowerHeading(tokens, index);
  return self.renderToken(tokens, index, options);
};
md.renderer.rules.heading_close = (tokens, index, options, _env, self) => {
  lowerHeading(tokens, index);
  return self.renderToken(tokens, index, options);
};

// Pictures load as the reader scrolls to them, and never hold the text's first paint.
const renderImage = md.renderer.rules.image;
md.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  token?.attrSet('loading', 'lazy');
  token?.attrSet('decoding', 'async');
  return renderImage
    ? renderImage(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

// Code keeps its lines and scrolls sideways in its box (styles.css); reachable by keyboard.
const renderFence = md.renderer.rules.fence;
md.renderer.rules.fence = (tokens, index, options, env, self) => {
  const html = renderFence
    ? renderFence(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
  return html.replace(/^<pre>/, '<pre tabindex="0">');
};

export function entryBodyHtml(markdown: string): string {
  return md.render(markdown);
}
