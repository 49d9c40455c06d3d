/**
 * An entry's body as HTML (docs/content.md, "Case studies and insights"): the legal pages'
 * rules (legal-markdown.ts: raw HTML escaped, only safe links), plus the pictures uploaded in
 * the admin (entry-markdown.ts, `isUploadedImage`; any other picture was refused at the save
 * and would stay its alt text here) and fenced code, escaped, in `<pre><code>`. The one
 * rendering of a body: the entry pages (server/entries/) and the feeds use it, so a reader
 * gets the same text wherever it is read.
 *
 * The page's title is its one `<h1>`: the body's headings come under it, with no level skipped
 * (`entry_heading_levels` below).
 */
import { isUploadedImage } from './entry-markdown';
import { safeMarkdown } from './legal-markdown';

const md = safeMarkdown(isUploadedImage);

/**
 * The body's headings follow the page's title without a gap, whichever level the owner
 * started at (`#` or `##` for a section, both are common): a heading goes one level below the
 * one before it at most, and never above `<h2>`. The checker and screen readers both count a
 * skipped level as a broken outline.
 */
md.core.ruler.push('entry_heading_levels', (state) => {
  let previous = 1;
  let current = 2;
  let previousSource = 0;
  for (const token of state.tokens) {
    if (token.type === 'heading_open') {
      const source = Number(token.tag.slice(1));
      // The first heading, or one at or above the level of the last one written at level 2,
      // goes to <h2>; a deeper one goes one level below the one before it at most.
      current =
        previous === 1
          ? 2
          : Math.max(2, Math.min(previous + (source - previousSource), previous + 1));
      previous = current;
      previousSource = source;
      token.tag = `h${current}`;
    } else if (token.type === 'heading_close') {
      token.tag = `h${current}`;
    }
  }
});

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
